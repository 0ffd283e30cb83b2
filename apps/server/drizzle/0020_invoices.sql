CREATE TABLE "taberna_invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "taberna_invoice_counters_last_number_check" CHECK ("taberna_invoice_counters"."last_number" > 0)
);
--> statement-breakpoint
ALTER TABLE "taberna_orders" ADD COLUMN "invoice_number" varchar(20);--> statement-breakpoint
ALTER TABLE "taberna_orders" ADD COLUMN "invoice_date" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "taberna_orders_invoice_number_key" ON "taberna_orders" USING btree ("invoice_number");--> statement-breakpoint
-- Issue 28 (hand-added): orders paid before invoices existed get their numbers now, in the order they were paid, per year (UTC); the same SQL as NUMBER_PAID_ORDERS_SQL in src/taberna/invoices.repository.ts.
WITH paid AS (
  SELECT o.id, coalesce(p.created_at, o.updated_at) AS at
  FROM taberna_orders o LEFT JOIN taberna_payments p ON p.order_id = o.id
  WHERE o.payment_state = 'paid' AND o.invoice_number IS NULL
), numbered AS (
  SELECT id, at, extract(year FROM at AT TIME ZONE 'UTC')::int AS year,
         row_number() OVER (PARTITION BY extract(year FROM at AT TIME ZONE 'UTC') ORDER BY at, id) AS n
  FROM paid
)
UPDATE taberna_orders o
SET invoice_number = numbered.year || '-' || lpad((coalesce(c.last_number, 0) + numbered.n)::text, 6, '0'),
    invoice_date = numbered.at
FROM numbered LEFT JOIN taberna_invoice_counters c ON c.year = numbered.year
WHERE o.id = numbered.id;--> statement-breakpoint
INSERT INTO taberna_invoice_counters AS c (year, last_number)
SELECT split_part(invoice_number, '-', 1)::int, max(split_part(invoice_number, '-', 2)::int)
FROM taberna_orders WHERE invoice_number IS NOT NULL GROUP BY 1
ON CONFLICT (year) DO UPDATE SET last_number = greatest(c.last_number, excluded.last_number);
