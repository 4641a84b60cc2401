-- The Cupwertung of a season (:saison, e.g. 2026/27; empty: the latest): a row per player who played a
-- tournament of it, by rank: cup points over his best results (Wertungen: how many counted), how many
-- of the season's tournaments he played (Turniere), his place in its last tournament (Finale: the
-- tie-break); beside each, the season's figures. A season whose tournaments nobody has played yet: one
-- row without a player.
with s as (
  select season from cups where :saison = '' or season = :saison
  group by season order by max(date) desc, max(id) desc limit 1
),
l as (
  select c.best, c.points_scheme, (select count(*) from cups k where k.season = c.season) as cups
  from cups c join s on s.season = c.season order by c.date desc, c.id desc limit 1
)
select w.rank as "Rang", w.player as "Name", w.points as "Cuppunkte", w.results as "Wertungen",
       w.played as "Turniere", w.final_rank as "Finale",
       s.season as "Saison", l.cups as "Turniere der Saison", l.best as "Beste",
       case l.points_scheme when 'fixed' then 'Fixpunkte' else 'Heinepunkte' end as "Punkteschema"
from s cross join l left join v_cup_season w on w.season = s.season
order by w.rank, w.player
