-- The Rangliste of a tournament (:cup, as the Ergebnisliste): a row per player by the Schrift, with the
-- money in points and in euros. The tournament, the rounds played and the money: _rangfolge.sql.
-- + _rangfolge.sql
select s.rank as "Rang", s.player as "Name", s.ort as "Ort", s.schrift as "Schrift",
       case when g.n >= 1 then s.r1 end as "R1", case when g.n >= 2 then s.r2 end as "R2",
       case when g.n >= 3 then s.r3 end as "R3", case when g.n >= 4 then s.r4 end as "R4",
       case when g.n >= 5 then s.r5 end as "R5", case when g.n >= 6 then s.r6 end as "R6",
       s.geld as "Geld", printf('%.2f', coalesce(m.cents, 0) / 100.0) as "Euro",
       c.name as "Turnier", c.date as "Datum", c.season as "Saison", c.rounds as "Runden",
       coalesce(g.n, 0) as "Gespielt"
from c join v_cup_standings s on s.cup_id = c.id
left join m on m.name = s.player
cross join g
order by s.rank, s.player
