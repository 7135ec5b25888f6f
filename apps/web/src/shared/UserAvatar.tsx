import type { ReactNode } from 'react';
import { Avatar } from 'antd';
import { useSession } from '../stores/session';
import { useFileObjectUrl, viewUrlFileKey } from './fileUrl';

/** The signed-in user's profile photo (fetched with the session token), or `fallback` without one. */
export function UserAvatar({
  size,
  className,
  fallback,
  testId,
}: {
  size: number;
  className?: string;
  fallback: ReactNode;
  testId?: string;
}) {
  const picture = useSession((s) => s.userInfo?.userPictureFileUrl);
  const photo = useFileObjectUrl(viewUrlFileKey(picture));
  return (
    <Avatar size={size} src={photo.url ?? undefined} className={className} data-testid={testId}>
      {fallback}
    </Avatar>
  );
}
