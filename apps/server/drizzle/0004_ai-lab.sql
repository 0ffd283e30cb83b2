CREATE TABLE "ai_lab_media" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"kind" varchar(10) NOT NULL,
	"account_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_lab_media" ADD CONSTRAINT "ai_lab_media_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_lab_media_created_idx" ON "ai_lab_media" USING btree ("created_at");