import type { ComponentType } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { TFileBizType } from '@tracehub/contract';

/** What the attachment dialogs show: one record's files with their evidence (features/ledger provides it). */
export interface TAttachmentListProps {
  bizType: TFileBizType;
  bizNo: string;
  /** Without it the list is read-only. */
  deletePermission?: string;
  /** The page's ViewBCdata. */
  chainPermission: string;
}

export interface TAttachmentsProvider {
  /** The list of a record's attachments; may be lazy (the dialog renders it inside Suspense). */
  List: ComponentType<TAttachmentListProps>;
  /** The query key of that list, invalidated after an upload. */
  queryKey: (bizType: TFileBizType, bizNo: string) => QueryKey;
}

// shared/ knows no feature (docs/structure.md, lint rule tracehub/no-cross-layer): the attachment dialogs
// of every list get their content from this slot, which app/slots.ts fills with the ledger feature's at
// start-up.
let provider: TAttachmentsProvider | null = null;

export function provideAttachments(value: TAttachmentsProvider): void {
  provider = value;
}

export function attachmentsProvider(): TAttachmentsProvider {
  if (!provider) throw new Error('attachments provider missing: app/slots.ts fills it at start-up');
  return provider;
}
