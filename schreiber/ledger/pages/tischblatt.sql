-- The Tischblatt: an evening's (a cup table's) sheet as reports/sheet.py writes it, a row per entry and
-- player: every entry in the order of the sheet (a hand taken back or corrected too, struck through:
-- "Gestrichen"), what the sheet says of it in the players' words (the contract by the rules' name, the
-- result with the card points, each Kontra with who gave it in a negative game, every premium by its
-- name, the sheet's marks), and each player's Schrift of the entry (Punkte), his Schrift after it
-- (Stand) and the money after it (Geld, with Kontra). :abend is the evening's id.
with ev as (
  select e.id, e.date, e.status, rs.rules_json,
         (select count(*) from evening_players n where n.evening_id = e.id) as seats
  from evenings e left join rule_sets rs on rs.id = e.rule_set_id
  where e.id = :abend
),
x as (
  select en.id, en.kind, en.number, en.record_json, en.player, en.status, en.replaces,
         row_number() over (order by en.seq, en.id) as zeile
  from entries en
  where en.evening_id = :abend and en.kind in ('hand', 'strafpunkt', 'totals', 'radl', 'redeal')
),
w as (
  select x.id, x.zeile, x.number, x.kind, x.status, r.won,
         coalesce(r.dealer, json_extract(x.record_json, '$.dealer')) as dealer,
         case x.kind
           when 'hand' then coalesce(
             json_extract(ev.rules_json, '$.contracts."' || json_extract(x.record_json, '$.contract') || '".name'),
             json_extract(x.record_json, '$.contract'))
           when 'strafpunkt' then 'Strafpunkt' when 'totals' then 'Rundensumme (Papier)'
           when 'radl' then case when json_extract(x.record_json, '$.final') then 'Sküsradl' else 'Radl' end
           when 'redeal' then 'zusammengeschlagen' end as spiel,
         case when x.kind != 'hand' then x.player
              when json_type(x.record_json, '$.declarer') = 'array'
                then (select group_concat(value, ', ') from json_each(x.record_json, '$.declarer'))
              else json_extract(x.record_json, '$.declarer') end as spieler,
         case when x.kind != 'hand' or json_type(x.record_json, '$.partner') is null then null
              when json_type(x.record_json, '$.partner') = 'null' then 'Talon'
              when json_extract(x.record_json, '$.partner') = json_extract(x.record_json, '$.declarer') then 'selbst'
              else json_extract(x.record_json, '$.partner') end as partner,
         case when x.kind != 'hand' then null
              when json_extract(x.record_json, '$.renonce') is not null
                then 'Renonce ' || json_extract(x.record_json, '$.renonce')
              when json_extract(x.record_json, '$.conceded') then 'geschleift'
              when json_type(x.record_json, '$.scores') = 'object'
                then (select group_concat(key || ' ' || value, ', ') from json_each(x.record_json, '$.scores'))
                     || coalesce(' mit ' || (select group_concat(value, ', ') from json_each(x.record_json, '$.mit')), '')
              when json_type(x.record_json, '$.result') = 'object'
                then (select group_concat(key || ' ' || case value when 'won' then 'gewonnen' when 'lost' then 'verloren'
                                                      else value end, ', ')
                      from json_each(x.record_json, '$.result'))
              else case json_extract(x.record_json, '$.result') when 'won' then 'gewonnen' when 'lost' then 'verloren' end
                   || coalesce(' (' || json_extract(x.record_json, '$.points') || ')', '') end as ergebnis,
         case json_type(x.record_json, '$.kontra')
           when 'text' then upper(substr(json_extract(x.record_json, '$.kontra'), 1, 1))
                            || substr(json_extract(x.record_json, '$.kontra'), 2)
           when 'object' then (select group_concat(upper(substr(value, 1, 1)) || substr(value, 2) || ' ' || key, ', ')
                               from json_each(x.record_json, '$.kontra')) end as kontra,
         (select group_concat(
                   coalesce(json_extract(ev.rules_json, '$.premiums."' || json_extract(p.value, '$.name') || '".name'),
                            json_extract(p.value, '$.name'))
                   || case when json_extract(p.value, '$.announced') then ' angesagt' else '' end
                   || case when json_extract(p.value, '$.party') = 'opponents' then ' (Gegner)' else '' end
                   || case when json_extract(p.value, '$.result') = 'lost' then ' verloren' else '' end
                   || coalesce(' ' || upper(substr(json_extract(p.value, '$.kontra'), 1, 1))
                               || substr(json_extract(p.value, '$.kontra'), 2), '')
                   || coalesce(' (' || json_extract(p.value, '$.by') || ' von ' || json_extract(p.value, '$.from') || ')',
                               ''), ', ')
          from json_each(x.record_json, '$.premiums') p) as praemien,
         (select group_concat(m, ', ') from (
            select 'Radl x' || r.radl_factor as m where r.radl_factor > 1
            union all
            select case c.kind when 'undo' then 'zurückgenommen' when 'edit' then 'ausgebessert' else 'storniert' end
            from corrections c where c.entry_id = x.id and x.status = 'void'
            union all
            select 'Ersatz' where x.replaces is not null)) as vermerk
  from x cross join ev left join results r on r.entry_id = x.id
),
z as (
  select w.*, ep.seat, pl.name,
         case when w.status = 'active' and w.kind != 'radl' then coalesce(pay.schrift_x2520, 0) end as own,
         sum(coalesce(pay.schrift_x2520, 0)) over (partition by ep.player_id order by w.zeile) as run,
         sum(coalesce(pay.points_x2520, 0)) over (partition by ep.player_id order by w.zeile) as money
  from ev join evening_players ep on ep.evening_id = ev.id join players pl on pl.id = ep.player_id
  left join w on 1
  left join payments pay on pay.entry_id = w.id and pay.player_id = ep.player_id
)
select z.zeile as "Zeile", z.number as "Nr", z.kind as "Art", z.dealer as "Geber", z.spiel as "Spiel",
       z.spieler as "Spieler", z.partner as "Partner", z.ergebnis as "Ergebnis", z.kontra as "Kontra",
       z.praemien as "Prämien", z.vermerk as "Vermerk", case when z.zeile is not null then z.status = 'void' end as "Gestrichen",
       z.seat as "Sitz", z.name as "Name",
       case when z.own % 2520 = 0 then z.own / 2520 else round(z.own / 2520.0, 2) end as "Punkte",
       case when z.zeile is null then null when z.run % 2520 = 0 then z.run / 2520
            else round(z.run / 2520.0, 2) end as "Stand",
       case when z.zeile is null then null when z.money % 2520 = 0 then z.money / 2520
            else round(z.money / 2520.0, 2) end as "Geld",
       c.name as "Turnier", t.round as "Runde", t.table_no as "Tisch", ev.date as "Datum", ev.id as "Abend",
       case ev.status when 'open' then 'offen' when 'closed' then 'abgeschlossen' else 'abgerechnet' end as "Status",
       case when c.id is null then null when ev.seats = 5 then c.hands_five else c.hands end as "Soll"
from z cross join ev
left join cup_tables t on t.evening_id = ev.id left join cups c on c.id = t.cup_id
order by z.zeile, z.seat
