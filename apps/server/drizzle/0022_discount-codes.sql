CREATE TABLE "taberna_discounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "taberna_discounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" varchar(40) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"value" integer NOT NULL,
	"min_subtotal_cents" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"once_per_customer" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "taberna_discounts_kind_check" CHECK ("taberna_discounts"."kind" in ('percent', 'fixed')),
	CONSTRAINT "taberna_discounts_value_check" CHECK ("taberna_discounts"."value" > 0 and ("taberna_discounts"."kind" = 'fixed' or "taberna_discounts"."value" <= 10000)),
	CONSTRAINT "taberna_discounts_usage_limit_check" CHECK ("taberna_discounts"."usage_limit" is null or "taberna_discounts"."usage_limit" > 0)
);
--> statement-breakpoint
ALTER TABLE "taberna_carts" ADD COLUMN "discount_id" integer;--> statement-breakpoint
ALTER TABLE "taberna_orders" ADD COLUMN "discount_id" integer;--> statement-breakpoint
ALTER TABLE "taberna_orders" ADD COLUMN "discount_code" varchar(40);--> statement-breakpoint
ALTER TABLE "taberna_orders" ADD COLUMN "discount_total" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "taberna_discounts_code_key" ON "taberna_discounts" USING btree (lower("code"));--> statement-breakpoint
ALTER TABLE "taberna_carts" ADD CONSTRAINT "taberna_carts_discount_id_taberna_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."taberna_discounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taberna_orders" ADD CONSTRAINT "taberna_orders_discount_id_taberna_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."taberna_discounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "taberna_orders_discount_idx" ON "taberna_orders" USING btree ("discount_id","payment_state","account_id") WHERE "taberna_orders"."discount_id" is not null;