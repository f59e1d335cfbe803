-- Replies (`messages.parent_message_id`, a foreign key since 0001 that is set to null when its
-- parent goes): indexed, so deleting a message finds the replies that quote it without a scan.
CREATE INDEX messages_parent_message_idx ON messages (parent_message_id) WHERE parent_message_id IS NOT NULL;
