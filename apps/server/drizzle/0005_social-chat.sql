CREATE TABLE "social_conversation_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "social_conversation_messages_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conversation_id" uuid NOT NULL,
	"created_by_id" integer NOT NULL,
	"sent_to_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_conversations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"low_profile_id" integer NOT NULL,
	"high_profile_id" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_conversations_two_people" CHECK ("social_conversations"."low_profile_id" < "social_conversations"."high_profile_id")
);
--> statement-breakpoint
ALTER TABLE "social_conversation_messages" ADD CONSTRAINT "social_conversation_messages_conversation_id_social_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."social_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_conversation_messages" ADD CONSTRAINT "social_conversation_messages_created_by_id_social_profiles_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."social_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_conversation_messages" ADD CONSTRAINT "social_conversation_messages_sent_to_id_social_profiles_id_fk" FOREIGN KEY ("sent_to_id") REFERENCES "public"."social_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_conversations" ADD CONSTRAINT "social_conversations_low_profile_id_social_profiles_id_fk" FOREIGN KEY ("low_profile_id") REFERENCES "public"."social_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_conversations" ADD CONSTRAINT "social_conversations_high_profile_id_social_profiles_id_fk" FOREIGN KEY ("high_profile_id") REFERENCES "public"."social_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "social_conversation_messages_conversation_idx" ON "social_conversation_messages" USING btree ("conversation_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "social_conversations_pair_key" ON "social_conversations" USING btree ("low_profile_id","high_profile_id");--> statement-breakpoint
CREATE INDEX "social_conversations_high_idx" ON "social_conversations" USING btree ("high_profile_id","modified_at");--> statement-breakpoint
CREATE INDEX "social_conversations_low_idx" ON "social_conversations" USING btree ("low_profile_id","modified_at");