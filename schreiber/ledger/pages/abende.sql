-- Every evening of the ledger (and every table of a tournament), the latest first: its date, status,
-- players in seating order, hands played, and where it is a tournament's table, which. The organizer's
-- full view only.
select ev.id as "Abend", ev.date as "Datum", ev.status as "Status",
       (select group_concat(name, ', ')
        from (select p.name from evening_players ep join players p on p.id = ep.player_id
              where ep.evening_id = ev.id order by ep.seat)) as "Spieler",
       (select count(*) from entries e
        where e.evening_id = ev.id and e.kind = 'hand' and e.status = 'active') as "Spiele",
       c.name as "Turnier", t.round as "Runde", t.table_no as "Tisch"
from evenings ev left join cup_tables t on t.evening_id = ev.id left join cups c on c.id = t.cup_id
order by ev.date desc, ev.id desc
