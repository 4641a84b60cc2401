-- Every tournament (:cup: one, by its name; empty: all) with its tables, a row per table: its round,
-- number and evening, the players in seating order, the hands played of the round's (Soll), whether its
-- round came from paper (Papier: the totals of a paper sheet, no hands) and whether it is still open.
select c.name as "Turnier", c.date as "Datum", c.season as "Saison", c.status as "Status",
       c.rounds as "Runden", t.round as "Runde", t.table_no as "Tisch", t.evening_id as "Abend",
       (select group_concat(name, ', ')
        from (select p.name from evening_players ep join players p on p.id = ep.player_id
              where ep.evening_id = t.evening_id order by ep.seat)) as "Spieler",
       (select count(*) from entries e
        where e.evening_id = t.evening_id and e.kind = 'hand' and e.status = 'active') as "Spiele",
       case when t.evening_id is null then null
            when (select count(*) from evening_players ep where ep.evening_id = t.evening_id) = 5 then c.hands_five
            else c.hands end as "Soll",
       case when t.evening_id is not null then exists (select 1 from entries e where e.evening_id = t.evening_id
                                                       and e.kind = 'totals' and e.status = 'active') end as "Papier",
       case ev.status when 'open' then 'offen' when 'closed' then 'abgeschlossen' when 'settled' then 'abgerechnet'
       end as "Tischstatus"
from cups c left join cup_tables t on t.cup_id = c.id left join evenings ev on ev.id = t.evening_id
where :cup = '' or c.name = :cup collate nocase
order by c.date, c.id, t.round, t.table_no
