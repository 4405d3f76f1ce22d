-- chat_send and chat_store keep generic plans (bench chat, issue 11). A PL/pgSQL statement's plan
-- is cached per connection, but with plan_cache_mode 'auto' PostgreSQL may decide after five runs
-- that a plan made for the actual values is cheaper and plan again on every run: the send's
-- rules query (five sublinks) was planned on every send, 15% of PostgreSQL's CPU under load
-- (perf, pgbench of chat_send between random pairs). Every statement in them is a lookup or a
-- write by key, the same plan for any values: +20% sends per second in that pgbench.
ALTER FUNCTION chat_send(int, int, int, text, text, text, text, text, int, int, uuid, int, text, boolean, int, boolean) SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
ALTER FUNCTION chat_store(int, int, int, text, text, text, text, text, int, int, uuid, int, int, boolean, boolean, boolean, text, boolean, boolean) SET plan_cache_mode = force_generic_plan;
