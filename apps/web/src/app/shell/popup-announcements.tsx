import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { fetchMyPopups, markPopup, PopupDialog } from '../../features/popups';
import { useAuth } from '../../lib/auth-store';

/**
 * The popup announcements of the signed-in profile (spec 1 §2, spec 3 §4): asked once per profile when the
 * shell opens (after login, on a load with a session, after a profile switch), then shown one after
 * another; each is marked read when shown and closed when the user closes it, and a closed one never
 * comes back.
 */
export function PopupAnnouncements() {
  const { profile } = useAuth();
  // a queue of its own for each profile: what one closed says nothing of another's
  return profile ? <ProfileAnnouncements key={profile.id} profileId={profile.id} /> : null;
}

function ProfileAnnouncements({ profileId }: { profileId: number }) {
  const query = useQuery({
    queryKey: ['popup-notification', 'me', profileId],
    queryFn: fetchMyPopups,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const [closed, setClosed] = useState<ReadonlySet<number>>(() => new Set());
  const markedRead = useRef(new Set<number>());
  const popups = query.data ?? [];
  const waiting = popups.filter((popup) => !closed.has(popup.id));
  const current = waiting[0] ?? null;

  useEffect(() => {
    if (current && current.readedAt === null && !markedRead.current.has(current.id)) {
      markedRead.current.add(current.id);
      markPopup(current.id, 'read').catch(() => undefined);
    }
  }, [current]);

  const close = () => {
    if (!current) {
      return;
    }
    setClosed((previous) => new Set(previous).add(current.id));
    markPopup(current.id, 'close').catch(() => undefined);
  };

  return (
    <PopupDialog popup={current} position={{ index: popups.length - waiting.length + 1, count: popups.length }} onClose={close} />
  );
}
