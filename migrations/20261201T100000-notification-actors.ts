import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // A grouped notification's actors, one row each, instead of an array on the notification that
  // every merge rewrote whole: a like at the 5,000th liker wrote 80 kB. `position` orders them,
  // newest first: the log position of the event that last brought the actor to the group.
  await sql`
    create table notification_actors (
      notification_id uuid not null references notifications (id) on delete cascade,
      actor_id uuid not null,
      position bigint not null,
      primary key (notification_id, actor_id)
    )`.execute(db);
  // The few newest actors a notification shows, read from the index alone.
  await sql`
    create index notification_actors_latest
    on notification_actors (notification_id, position desc) include (actor_id)`.execute(db);
  // An erased member leaves every notification they are an actor of.
  await sql`create index notification_actors_actor on notification_actors (actor_id)`.execute(db);
  // The arrays' order, newest first, below every log position a later event will bring.
  await sql`
    insert into notification_actors (notification_id, actor_id, position)
    select n.id, a.actor_id, -a.ordinality
    from notifications n cross join unnest(n.actor_ids) with ordinality a(actor_id, ordinality)
    on conflict do nothing`.execute(db);
  await sql`alter table notifications drop column actor_ids`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notifications add column actor_ids uuid[] not null default '{}'`.execute(
    db,
  );
  await sql`
    update notifications n set actor_ids = coalesce((
      select array_agg(a.actor_id order by a.position desc) from notification_actors a
      where a.notification_id = n.id), '{}')`.execute(db);
  await sql`alter table notifications alter column actor_ids drop default`.execute(db);
  await sql`drop table notification_actors`.execute(db);
}
