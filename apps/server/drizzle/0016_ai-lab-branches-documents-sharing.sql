-- btree_gin (trusted, like pg_trgm): one GIN index over an account and the words of its texts.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE TABLE "ai_lab_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" integer,
	"name" varchar(200) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"pages" integer NOT NULL,
	"characters" integer NOT NULL,
	"text" text NOT NULL,
	"summary" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_lab_settings" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"system_prompt" text DEFAULT '' NOT NULL,
	"model" varchar(200),
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_lab_conversations" ADD COLUMN "model" varchar(200);--> statement-breakpoint
ALTER TABLE "ai_lab_conversations" ADD COLUMN "system_prompt" text;--> statement-breakpoint
ALTER TABLE "ai_lab_conversations" ADD COLUMN "current_seq" bigint;--> statement-breakpoint
ALTER TABLE "ai_lab_conversations" ADD COLUMN "share_token" varchar(64);--> statement-breakpoint
ALTER TABLE "ai_lab_conversations" ADD COLUMN "shared_seq" bigint;--> statement-breakpoint
ALTER TABLE "ai_lab_conversations" ADD COLUMN "shared_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "ai_lab_conversations" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, title)) STORED;--> statement-breakpoint
ALTER TABLE "ai_lab_messages" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_lab_messages" ADD COLUMN "account_id" integer;--> statement-breakpoint
-- Messages saved before: their conversation's owner, and the message before each as its parent.
UPDATE "ai_lab_messages" m SET "account_id" = c."account_id" FROM "ai_lab_conversations" c WHERE c."id" = m."conversation_id";--> statement-breakpoint
ALTER TABLE "ai_lab_messages" ALTER COLUMN "account_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_lab_messages" ADD COLUMN "parent_seq" bigint;--> statement-breakpoint
UPDATE "ai_lab_messages" m SET "parent_seq" = (SELECT max(p."seq") FROM "ai_lab_messages" p WHERE p."conversation_id" = m."conversation_id" AND p."seq" < m."seq");--> statement-breakpoint
ALTER TABLE "ai_lab_messages" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_lab_messages" ADD COLUMN "pictures" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_lab_messages" ADD COLUMN "model" varchar(200);--> statement-breakpoint
ALTER TABLE "ai_lab_messages" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, content)) STORED;--> statement-breakpoint
ALTER TABLE "ai_lab_attachments" ADD CONSTRAINT "ai_lab_attachments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_lab_settings" ADD CONSTRAINT "ai_lab_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_lab_attachments_created_idx" ON "ai_lab_attachments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ai_lab_attachments_account_idx" ON "ai_lab_attachments" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "ai_lab_messages" ADD CONSTRAINT "ai_lab_messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_lab_messages" ADD CONSTRAINT "ai_lab_messages_parent_seq_ai_lab_messages_seq_fk" FOREIGN KEY ("parent_seq") REFERENCES "public"."ai_lab_messages"("seq") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_lab_conversations_share_token_idx" ON "ai_lab_conversations" USING btree ("share_token");--> statement-breakpoint
CREATE INDEX "ai_lab_conversations_search_idx" ON "ai_lab_conversations" USING gin ("account_id","search");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_lab_messages_id_idx" ON "ai_lab_messages" USING btree ("id");--> statement-breakpoint
CREATE INDEX "ai_lab_messages_parent_idx" ON "ai_lab_messages" USING btree ("parent_seq");--> statement-breakpoint
CREATE INDEX "ai_lab_messages_search_idx" ON "ai_lab_messages" USING gin ("account_id","search");--> statement-breakpoint
DROP INDEX "ai_lab_conversations_account_idx";--> statement-breakpoint
CREATE INDEX "ai_lab_conversations_account_idx" ON "ai_lab_conversations" USING btree ("account_id","updated_at","id");
