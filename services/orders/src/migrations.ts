import type { ServiceMigration } from '@commonwork/kit';

export const migrations: ServiceMigration[] = [];
