CREATE TABLE "taberna_stock_ledger" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "taberna_stock_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"stock_after" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"reason" varchar(200) NOT NULL,
	"actor_id" integer,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backoffice_audit" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "backoffice_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"actor_id" integer,
	"actor_email" varchar(100),
	"action" varchar(40) NOT NULL,
	"target" varchar(80) NOT NULL,
	"target_label" varchar(200) DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "role" varchar(10);--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "suspension_reason" varchar(200);--> statement-breakpoint
ALTER TABLE "social_post_reports" ADD COLUMN "reason" varchar(200) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "social_posts" ADD COLUMN "hidden_by" varchar(12);--> statement-breakpoint
ALTER TABLE "social_posts" ADD COLUMN "moderation" varchar(12);--> statement-breakpoint
ALTER TABLE "social_posts" ADD COLUMN "last_reported_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "taberna_orders" ADD COLUMN "fulfilment" varchar(12);--> statement-breakpoint
ALTER TABLE "taberna_orders" ADD COLUMN "order_status" varchar(12) GENERATED ALWAYS AS (case when fulfilment is not null then fulfilment when payment_state = 'pending' then 'placed' else payment_state end) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "taberna_orders" ADD COLUMN "tracking" varchar(200);--> statement-breakpoint
ALTER TABLE "taberna_orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "taberna_orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "taberna_orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "taberna_orders" ADD COLUMN "refund_id" varchar(255);--> statement-breakpoint
ALTER TABLE "taberna_products" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "taberna_stock_ledger" ADD CONSTRAINT "taberna_stock_ledger_product_id_taberna_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."taberna_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taberna_stock_ledger" ADD CONSTRAINT "taberna_stock_ledger_actor_id_accounts_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taberna_stock_ledger" ADD CONSTRAINT "taberna_stock_ledger_order_id_taberna_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."taberna_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backoffice_audit" ADD CONSTRAINT "backoffice_audit_actor_id_accounts_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "taberna_stock_ledger_product_idx" ON "taberna_stock_ledger" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "taberna_stock_ledger_created_idx" ON "taberna_stock_ledger" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "backoffice_audit_created_idx" ON "backoffice_audit" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "backoffice_audit_target_idx" ON "backoffice_audit" USING btree ("target","created_at");--> statement-breakpoint
CREATE INDEX "backoffice_audit_action_idx" ON "backoffice_audit" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "accounts_role_idx" ON "accounts" USING btree ("role") WHERE "accounts"."role" is not null;--> statement-breakpoint
CREATE INDEX "accounts_created_idx" ON "accounts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "accounts_email_trgm_idx" ON "accounts" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "social_posts_reported_idx" ON "social_posts" USING btree ("last_reported_at") WHERE "social_posts"."reports_count" > 0;--> statement-breakpoint
CREATE INDEX "taberna_orders_status_created_idx" ON "taberna_orders" USING btree ("order_status","created_at");--> statement-breakpoint
CREATE INDEX "taberna_orders_created_idx" ON "taberna_orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "taberna_orders_email_trgm_idx" ON "taberna_orders" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "taberna_orders_number_idx" ON "taberna_orders" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "taberna_products_created_idx" ON "taberna_products" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "taberna_products_stock_idx" ON "taberna_products" USING btree ("stock");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_role_check" CHECK ("accounts"."role" in ('staff', 'owner'));--> statement-breakpoint
ALTER TABLE "taberna_orders" ADD CONSTRAINT "taberna_orders_fulfilment_check" CHECK ("taberna_orders"."fulfilment" in ('shipped', 'delivered', 'refunded'));--> statement-breakpoint
UPDATE "social_posts" SET "last_reported_at" = (SELECT max("created_at") FROM "social_post_reports" r WHERE r."post_id" = "social_posts"."id") WHERE "reports_count" > 0;--> statement-breakpoint
UPDATE "social_posts" SET "hidden_by" = 'reports' WHERE "is_hidden";
