CREATE TABLE "taberna_order_refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "taberna_order_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"lines" jsonb NOT NULL,
	"restocked" boolean NOT NULL,
	"refund_id" varchar(255) NOT NULL,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "taberna_order_refunds_amount_check" CHECK ("taberna_order_refunds"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "taberna_orders" DROP CONSTRAINT "taberna_orders_fulfilment_check";--> statement-breakpoint
-- Hand-written (issue 28): PostgreSQL cannot change the type of a column a generated column reads, so
-- order_status (and its index) is dropped, fulfilment widened, then order_status added back as it was, wider.
ALTER TABLE "taberna_orders" DROP COLUMN "order_status";--> statement-breakpoint
ALTER TABLE "taberna_orders" ALTER COLUMN "fulfilment" SET DATA TYPE varchar(20);--> statement-breakpoint
ALTER TABLE "taberna_orders" ADD COLUMN "order_status" varchar(20) GENERATED ALWAYS AS (case when fulfilment is not null then fulfilment when payment_state = 'pending' then 'placed' else payment_state end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "taberna_orders_status_created_idx" ON "taberna_orders" USING btree ("order_status","created_at");--> statement-breakpoint
ALTER TABLE "taberna_orders" ADD COLUMN "refunded_total" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "taberna_payments" ADD COLUMN "amount_refunded" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "taberna_order_refunds" ADD CONSTRAINT "taberna_order_refunds_order_id_taberna_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."taberna_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taberna_order_refunds" ADD CONSTRAINT "taberna_order_refunds_actor_id_accounts_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "taberna_order_refunds_order_idx" ON "taberna_order_refunds" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "taberna_order_refunds_actor_idx" ON "taberna_order_refunds" USING btree ("actor_id");--> statement-breakpoint
ALTER TABLE "taberna_orders" ADD CONSTRAINT "taberna_orders_fulfilment_check" CHECK ("taberna_orders"."fulfilment" in ('shipped', 'delivered', 'partially_refunded', 'refunded'));--> statement-breakpoint
-- Hand-written (issue 28): orders refunded before partial refunds become one whole refund each, with all their lines restocked (as they were).
UPDATE "taberna_orders" SET "refunded_total" = "order_total" WHERE "fulfilment" = 'refunded';--> statement-breakpoint
UPDATE "taberna_payments" SET "amount_refunded" = "amount_paid" WHERE "status" = 'Refunded';--> statement-breakpoint
INSERT INTO "taberna_order_refunds" ("order_id", "amount", "lines", "restocked", "refund_id", "actor_id", "created_at")
SELECT o."id", o."order_total",
       coalesce((SELECT jsonb_agg(jsonb_build_object('line_id', l."id", 'quantity', l."quantity") ORDER BY l."id") FROM "taberna_order_lines" l WHERE l."order_id" = o."id"), '[]'::jsonb),
       true, coalesce(o."refund_id", ''), NULL, coalesce(o."refunded_at", o."updated_at")
FROM "taberna_orders" o WHERE o."fulfilment" = 'refunded';
