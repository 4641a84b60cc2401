-- The season archive: a row per tournament of every season, the latest season first and in it the
-- tournaments by date: how many played (Spieler: a table of theirs played a hand), who won it (Sieger:
-- first by the Schrift), and the season's cup winner (Cupsieger, Cuppunkte: first of the Cupwertung),
-- its players (Teilnehmer) and tournaments.
with t as (
  select c.id, c.season, c.date, c.name,
         (select count(*) from v_cup_points p where p.cup_id = c.id and p.rounds_played > 0) as spieler,
         (select group_concat(player, ', ') from (select p.player from v_cup_points p
                                                  where p.cup_id = c.id and p.rank = 1 and p.rounds_played > 0
                                                  order by p.player)) as sieger
  from cups c
),
w as (
  select season, group_concat(player, ', ') as cupsieger, max(points) as punkte
  from (select season, player, points from v_cup_season where rank = 1 order by player) group by season
)
select t.season as "Saison", t.date as "Datum", t.name as "Turnier", t.spieler as "Spieler", t.sieger as "Sieger",
       w.cupsieger as "Cupsieger", w.punkte as "Cuppunkte",
       (select count(distinct p.player) from v_cup_points p join cups k on k.id = p.cup_id
        where k.season = t.season and p.rounds_played > 0) as "Teilnehmer",
       (select count(*) from cups k where k.season = t.season) as "Turniere"
from t left join w on w.season = t.season
order by (select max(k.date) from cups k where k.season = t.season) desc, t.season desc, t.date, t.id
