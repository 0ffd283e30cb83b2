CREATE TABLE "hyper3d_scene_files" (
	"scene_id" uuid NOT NULL,
	"file_id" varchar(64) NOT NULL,
	"name" varchar(200) NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	CONSTRAINT "hyper3d_scene_files_scene_id_file_id_pk" PRIMARY KEY("scene_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "hyper3d_scenes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"document" jsonb NOT NULL,
	"node_count" integer NOT NULL,
	"size_bytes" integer NOT NULL,
	"share_token" varchar(64),
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hyper3d_scene_files" ADD CONSTRAINT "hyper3d_scene_files_scene_id_hyper3d_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."hyper3d_scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hyper3d_scenes" ADD CONSTRAINT "hyper3d_scenes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hyper3d_scenes_account_idx" ON "hyper3d_scenes" USING btree ("account_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "hyper3d_scenes_share_token_idx" ON "hyper3d_scenes" USING btree ("share_token") WHERE "hyper3d_scenes"."share_token" is not null;