interface UserAvatarProps {
  name: string;
  avatar: string | null;
  /** Size in pixels (it is a circle). */
  size?: number;
  className?: string;
}

/** The user's uploaded avatar, or a person icon when there is none. */
export function UserAvatar({ name, avatar, size = 32, className = '' }: UserAvatarProps) {
  if (avatar) {
    return (
      <img
        src={avatar}
        alt={`${name}'s avatar`}
        width={size}
        height={size}
        className={`rounded-circle object-fit-cover ${className}`}
      />
    );
  }
  return (
    <i
      className={`bi bi-person-circle ${className}`}
      style={{ fontSize: size, lineHeight: 1 }}
      role="img"
      aria-label={`${name}'s avatar`}
    />
  );
}
