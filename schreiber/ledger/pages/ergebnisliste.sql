-- The Ergebnisliste of a tournament (:cup, its name; empty: the latest open one, else the latest), as the
-- cups print it (ooe-2023.md §11.1): a row per player, best first. The tournament (c), the rounds played
-- (g) and each player's money at its tables (m): _rangfolge.sql, shared with the Rangliste.
-- + _rangfolge.sql
select s.rank as "Rang", s.player as "Name", s.ort as "Ort", p.cup_points as "Cuppunkte",
       s.schrift as "Gesamt",
       case when g.n >= 1 then s.r1 end as "R1", case when g.n >= 2 then s.r2 end as "R2",
       case when g.n >= 3 then s.r3 end as "R3", case when g.n >= 4 then s.r4 end as "R4",
       case when g.n >= 5 then s.r5 end as "R5", case when g.n >= 6 then s.r6 end as "R6",
       printf('%.2f', coalesce(m.cents, 0) / 100.0) as "Euro",
       c.name as "Turnier", c.date as "Datum", c.season as "Saison", c.rounds as "Runden",
       coalesce(g.n, 0) as "Gespielt"
from c join v_cup_standings s on s.cup_id = c.id
join v_cup_points p on p.cup_id = s.cup_id and p.player = s.player
left join m on m.name = s.player
cross join g
order by s.rank, s.player
