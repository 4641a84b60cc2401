with c as (
  select id, name, date, season, rounds from cups
  where id = (select id from cups where :cup = '' or name = :cup collate nocase
              order by status = 'open' desc, date desc, id desc limit 1)
),
g as (
  select max(t.round) as n from c join cup_tables t on t.cup_id = c.id
  where exists (select 1 from entries e where e.evening_id = t.evening_id
                and e.kind in ('hand', 'totals') and e.status = 'active')
),
m as (
  select pl.name, sum(r.cents) as cents from c join cup_tables t on t.cup_id = c.id
  join roll_points r on r.evening_id = t.evening_id join players pl on pl.id = r.player_id
  group by pl.name
)
