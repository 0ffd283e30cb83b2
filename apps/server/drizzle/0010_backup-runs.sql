CREATE TABLE "backup_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "backup_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"trigger" varchar(20) NOT NULL,
	"status" varchar(20) NOT NULL,
	"started_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp (3) with time zone,
	"file" varchar(500) DEFAULT '' NOT NULL,
	"bytes" bigint,
	"uploaded_to" varchar(500) DEFAULT '' NOT NULL,
	"error" varchar(2000) DEFAULT '' NOT NULL,
	"ran_by" varchar(200) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "backup_runs_started_idx" ON "backup_runs" USING btree ("started_at");