import { Avatar, type AvatarProps } from '@mui/material';
import defaultAvatar from '../assets/default-avatar.svg';

/** A person's picture, or the default avatar when they have none (spec §2). */
export function ProfileAvatar({
  src,
  name,
  ...props
}: { src: string | null | undefined; name: string } & Omit<AvatarProps, 'src'>) {
  return <Avatar src={src || defaultAvatar} alt={name} {...props} />;
}
