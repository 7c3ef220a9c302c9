-- How many runs of each scheduled task have finished, whichever process ran them: the count
-- that shows a task ran once per period across several processes.
ALTER TABLE "scheduled_tasks" ADD COLUMN "runs" integer DEFAULT 0 NOT NULL;
