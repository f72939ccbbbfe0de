-- A gateway card token belongs to the first account that saved it (issue 5: cards of one user are never usable
-- by another). Copies saved later by other accounts are removed before the unique index is built.
DELETE FROM "cards" c USING "cards" first
  WHERE c."provider" = first."provider" AND c."token" = first."token" AND c."id" > first."id";--> statement-breakpoint
DROP INDEX "cards_user_token_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "cards_provider_token_uq" ON "cards" USING btree ("provider","token");
