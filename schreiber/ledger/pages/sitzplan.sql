-- The seating list of a tournament (:cup, its name; empty: the latest open one, else the latest): a row
-- per registered player, in the order of the alphabet (ä as a, ö as o, ü as u, ß as ss; any case), with
-- his place of residence and his table in each round drawn (R1 ... R6, the evening of that table in A1 ...
-- A6), to post at the entrance: "Anna: Runde 1 Tisch 3, Runde 2 Tisch 1, ...".
with c as (
  select id, name, date, season, rounds from cups
  where id = (select id from cups where :cup = '' or name = :cup collate nocase
              order by status = 'open' desc, date desc, id desc limit 1)
),
s as (
  select t.cup_id, t.round, t.table_no, t.evening_id, ep.player_id
  from cup_tables t join evening_players ep on ep.evening_id = t.evening_id
)
select pl.name as "Name", cp.ort as "Ort",
       max(case when s.round = 1 then s.table_no end) as "R1", max(case when s.round = 2 then s.table_no end) as "R2",
       max(case when s.round = 3 then s.table_no end) as "R3", max(case when s.round = 4 then s.table_no end) as "R4",
       max(case when s.round = 5 then s.table_no end) as "R5", max(case when s.round = 6 then s.table_no end) as "R6",
       max(case when s.round = 1 then s.evening_id end) as "A1", max(case when s.round = 2 then s.evening_id end) as "A2",
       max(case when s.round = 3 then s.evening_id end) as "A3", max(case when s.round = 4 then s.evening_id end) as "A4",
       max(case when s.round = 5 then s.evening_id end) as "A5", max(case when s.round = 6 then s.evening_id end) as "A6",
       c.name as "Turnier", c.date as "Datum", c.season as "Saison", c.rounds as "Runden",
       coalesce((select max(round) from cup_tables k where k.cup_id = c.id), 0) as "Gezogen"
from c join cup_players cp on cp.cup_id = c.id join players pl on pl.id = cp.player_id
left join s on s.cup_id = c.id and s.player_id = cp.player_id
group by cp.player_id
order by replace(replace(replace(replace(replace(replace(replace(lower(pl.name), 'ä', 'a'), 'Ä', 'a'), 'ö', 'o'),
                 'Ö', 'o'), 'ü', 'u'), 'Ü', 'u'), 'ß', 'ss'), pl.name
