CREATE INDEX "photos_filename_idx" ON "photos" USING btree ("filename");--> statement-breakpoint
CREATE INDEX "photos_thumb_filename_idx" ON "photos" USING btree ("thumb_filename");--> statement-breakpoint
CREATE INDEX "photos_match_filename_idx" ON "photos" USING btree ("match_filename");--> statement-breakpoint
CREATE INDEX "messages_image_file_idx" ON "messages" USING btree ("image_file") WHERE "messages"."image_file" is not null;--> statement-breakpoint
CREATE INDEX "messages_image_thumb_idx" ON "messages" USING btree ("image_thumb") WHERE "messages"."image_thumb" is not null;