// The lesson page's "Save for offline" / "Remove from this device" (issue 23): the lesson's video with
// its poster and captions go into the `zhol-videos` cache, from which the service worker plays them
// offline (with ranges, so the player seeks). Shown only where a worker can serve them, and only for
// the course's own MP4 (an embedded video cannot be kept).
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { isSaved, removeFiles, saveFiles } from '../../client/offline-caches';
import { useHydrated } from '../../client/use-hydrated';
import type { Texts } from '../../i18n/interpolate';
import type { LessonVideo } from '../../shared/api/course';
import { $lessonState } from './player-store';

interface Props {
  code: string;
  video: LessonVideo;
  texts: Texts;
}

/** Every file the player may ask for: video, poster, each language's captions and chapters. */
export function lessonFiles(video: LessonVideo): string[] {
  if (!video.mp4) return [];
  const files = [
    video.mp4,
    video.poster,
    ...Object.values(video.captions ?? {}),
    ...Object.values(video.chapters ?? {}),
  ];
  return [...new Set(files.filter((f): f is string => typeof f === 'string' && f.startsWith('/')))];
}

type Status = 'unknown' | 'saved' | 'absent' | 'saving' | 'failed';

export default function SaveLessonVideo({ code, video: contentVideo, texts }: Props) {
  const hydrated = useHydrated();
  const state = useStore($lessonState);
  // The same choice as the player's: an operator's replacement once the lesson row is known.
  const video = state?.lesson.code === code && state.lesson.video.mp4 ? state.lesson.video : contentVideo;
  const files = lessonFiles(video);
  const [status, setStatus] = useState<Status>('unknown');
  const [notice, setNotice] = useState('');
  const usable = hydrated && 'caches' in window && 'serviceWorker' in navigator && files.length > 0;

  useEffect(() => {
    if (!usable) return;
    void isSaved(files[0]!).then(
      (saved) => setStatus(saved ? 'saved' : 'absent'),
      () => setStatus('absent'),
    );
  }, [usable, files[0]]);

  // The box keeps its height from the server's HTML on, so nothing below moves when the button appears.
  if (!usable) return <div className="lesson-offline" aria-hidden="true" />;
  const save = async () => {
    setStatus('saving');
    setNotice(texts['pwa.savingVideo'] ?? '');
    try {
      await saveFiles(files);
      setStatus('saved');
      setNotice(texts['pwa.videoSaved'] ?? '');
    } catch {
      setStatus('failed');
      setNotice(texts['pwa.videoSaveFailed'] ?? '');
    }
  };
  const remove = async () => {
    await removeFiles(files);
    setStatus('absent');
    setNotice(texts['pwa.videoRemoved'] ?? '');
  };
  return (
    <div className="lesson-offline" data-lesson-offline={status}>
      {status === 'saved' ? (
        <button type="button" className="btn btn--secondary btn--small" onClick={remove} data-remove-video>
          {texts['pwa.removeVideo']}
        </button>
      ) : (
        <button
          type="button"
          className="btn btn--secondary btn--small"
          onClick={save}
          disabled={status === 'saving' || status === 'unknown'}
          data-save-video
        >
          {texts['pwa.saveVideo']}
        </button>
      )}
      <span role="status" aria-live="polite" className="muted">
        {notice}
      </span>
    </div>
  );
}
