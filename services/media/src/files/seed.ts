import { type EventMetadata, MEDIA_FILES_PATH_PREFIX } from '@commonwork/contracts';
import { type Database, importEvents, nameBasedId } from '@commonwork/kit';
import type { MediaTables } from '../tables.ts';
import { fileAggregate } from './aggregate.ts';
import { decide } from './decide.ts';
import { detectFileFormat } from './detect.ts';
import { type FileFacts, initialFileState } from './file.ts';
import { cleanFileName } from './fileName.ts';

/** A file the demo sends: what it is called, whose it is and what is in it. */
export interface DemoFile {
  /** Names the file: the same name gives the same id, so a re-run finds what it stored. */
  key: string;
  ownerId: string;
  fileName: string;
  content: Buffer;
}

/**
 * Stores demo files the way an upload is stored: read by `detectFileFormat`, named by
 * `cleanFileName`, the bytes in `file_contents` and a FileStored event each (projected into
 * `files`, published for messaging's uploads). Returns each file's url, name and size, for the
 * messages that carry it.
 */
export async function seedFiles(
  database: Database,
  files: readonly DemoFile[],
  options: { now?: Date; metadata?: EventMetadata } = {},
): Promise<{ url: string; name: string; size: number }[]> {
  const metadata = options.metadata ?? { actorId: null, correlationId: 'seed', causationId: null };
  const now = options.now ?? new Date();
  const stored = files.map((file) => {
    const format = detectFileFormat(file.content);
    if (!format) throw new Error(`Demo file ${file.fileName} is not a PDF, text or ZIP`);
    const facts: FileFacts = {
      fileId: nameBasedId(`commonwork-demo-file:${file.key}`),
      ownerId: file.ownerId,
      format,
      name: cleanFileName(file.fileName, format),
      bytes: file.content.length,
    };
    return { facts, content: file.content };
  });
  const db = database.forSchema<MediaTables>('media');
  await db.transaction().execute(async (trx) => {
    if (stored.length === 0) return;
    await trx
      .insertInto('file_contents')
      .values(stored.map((s) => ({ id: s.facts.fileId, content: s.content, created_at: now })))
      .execute();
    const appends = stored.map((s) => ({
      id: s.facts.fileId,
      expectedVersion: 0,
      events: decide({ type: 'StoreFile', facts: s.facts }, initialFileState()),
    }));
    await importEvents(trx, fileAggregate, { schema: 'media', metadata, now, appends });
  });
  return stored.map(({ facts }) => ({
    url: `${MEDIA_FILES_PATH_PREFIX}${facts.fileId}.${facts.format}`,
    name: facts.name,
    size: facts.bytes,
  }));
}
