-- When each timeline last synced without failing, for `icebox doctor`: last_sync_at moves on every run,
-- failed or not, so a timeline failing for a week looked as fresh as one synced an hour ago.
ALTER TABLE timelines ADD COLUMN last_success_at TEXT;
UPDATE timelines SET last_success_at = last_sync_at WHERE last_result = 'ok';
