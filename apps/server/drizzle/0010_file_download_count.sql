-- Download counter of /file/preDownloadStats (links issued per file, for usage statistics).
ALTER TABLE "files" ADD COLUMN "download_count" integer DEFAULT 0 NOT NULL;
