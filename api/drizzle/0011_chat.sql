CREATE TABLE "conversation_members" (
	"conversation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"other_id" integer NOT NULL,
	"last_read_id" integer DEFAULT 0 NOT NULL,
	"cleared_id" integer DEFAULT 0 NOT NULL,
	"last_message_id" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "conversation_members_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_a" integer NOT NULL,
	"user_b" integer NOT NULL,
	"started_by" integer NOT NULL,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_pair_order" CHECK ("conversations"."user_a" < "conversations"."user_b")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"sender_id" integer NOT NULL,
	"recipient_id" integer NOT NULL,
	"type" text NOT NULL,
	"body" text,
	"gift" text,
	"image_file" text,
	"image_thumb" text,
	"image_width" integer,
	"image_height" integer,
	"client_id" uuid NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "messages_credits_nonneg" CHECK ("messages"."credits" >= 0)
);
--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_other_id_users_id_fk" FOREIGN KEY ("other_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_user_a_users_id_fk" FOREIGN KEY ("user_a") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_user_b_users_id_fk" FOREIGN KEY ("user_b") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_members_user_idx" ON "conversation_members" USING btree ("user_id","last_message_id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_pair_uq" ON "conversations" USING btree ("user_a","user_b");--> statement-breakpoint
CREATE INDEX "conversations_started_by_idx" ON "conversations" USING btree ("started_by");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_sender_client_uq" ON "messages" USING btree ("sender_id","client_id");--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("conversation_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_recipient_idx" ON "messages" USING btree ("recipient_id","id");--> statement-breakpoint
-- Realtime (api/src/modules/chat/realtime.ts) LISTENs on channel `realtime`; payloads are ids only.
-- Every change of a balance, wherever it is made (changeCredits, payments, staff), reaches the
-- member's sockets as a credits:changed frame: 'c:<user id>:<credits>'.
CREATE OR REPLACE FUNCTION realtime_notify_credits() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('realtime', 'c:' || NEW.id || ':' || NEW.credits);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_realtime_credits AFTER UPDATE OF credits ON users
  FOR EACH ROW WHEN (OLD.credits IS DISTINCT FROM NEW.credits) EXECUTE FUNCTION realtime_notify_credits();
--> statement-breakpoint
-- The messages of a member who has not confirmed their e-mail address are held from the
-- recipient (spec 4). At confirmation they arrive: the recipients' chat lists get them, and the
-- sockets get message:new frames ('confirmed:<user id>').
CREATE OR REPLACE FUNCTION chat_sender_confirmed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE conversation_members cm
     SET last_message_id = greatest(cm.last_message_id, held.last_id)
    FROM (SELECT conversation_id, max(id) AS last_id FROM messages WHERE sender_id = NEW.id GROUP BY conversation_id) held
   WHERE cm.conversation_id = held.conversation_id AND cm.user_id <> NEW.id AND held.last_id > cm.cleared_id;
  PERFORM pg_notify('realtime', 'confirmed:' || NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_chat_confirmed AFTER UPDATE OF email_confirmed ON users
  FOR EACH ROW WHEN (NOT OLD.email_confirmed AND NEW.email_confirmed) EXECUTE FUNCTION chat_sender_confirmed();
