CREATE TABLE "ai_lab_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" integer NOT NULL,
	"title" varchar(100) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_lab_messages" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ai_lab_messages_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conversation_id" uuid NOT NULL,
	"role" varchar(10) NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_lab_media" ADD COLUMN "prompt" text;--> statement-breakpoint
ALTER TABLE "ai_lab_conversations" ADD CONSTRAINT "ai_lab_conversations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_lab_messages" ADD CONSTRAINT "ai_lab_messages_conversation_id_ai_lab_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."ai_lab_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_lab_conversations_account_idx" ON "ai_lab_conversations" USING btree ("account_id","updated_at");--> statement-breakpoint
CREATE INDEX "ai_lab_messages_conversation_idx" ON "ai_lab_messages" USING btree ("conversation_id","seq");--> statement-breakpoint
CREATE INDEX "ai_lab_media_account_idx" ON "ai_lab_media" USING btree ("account_id","created_at");