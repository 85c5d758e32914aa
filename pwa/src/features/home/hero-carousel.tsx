import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import useEmblaCarousel from 'embla-carousel-react';
import { CAROUSEL_INTERVAL_MS } from '@foodbridge/shared/first-screen-constants';
import { useI18n, useLocale } from '@/lib/i18n/i18n';
import { directionOf } from '@/lib/i18n/locales';
import { whenIdle } from '@/lib/idle';
import { SLIDES } from './content';
import { ChevronLeft, ChevronRight, Pause, Play } from './icons';

// One control bar (arrows, bullets, pause) under the text on every screen size, clear of the headline.
const controlClass = 'inline-flex size-11 items-center justify-center rounded-full text-white transition-colors hover:bg-white/20';

const reducedMotion = () => typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Embla measures the page as it starts: a forced layout, ~40 ms here and more on a slow phone, in the task that
 * drew the home page. Until the browser is idle (or the visitor presses one of its buttons) the first slide simply
 * stands, as index.html painted it.
 */
const START_AFTER_MS = 1_000;

type Move = 'prev' | 'next' | number;

// index.html paints the first slide's picture (and its shade) before the app has run, at the same sizes: keep the
// two alike, or the page moves when React replaces it.
export function HeroCarousel() {
  const i18n = useI18n();
  // Right to left, the first slide is at the right and "next" moves leftwards, as the reader's eye does.
  const direction = directionOf(useLocale((s) => s.locale));
  const [emblaRef, embla] = useEmblaCarousel({ loop: true, direction });
  const viewport = useRef<HTMLDivElement>(null);
  const start = useCallback(() => emblaRef(viewport.current), [emblaRef]);
  useEffect(() => whenIdle(start, START_AFTER_MS), [start]);
  const [selected, setSelected] = useState(0);
  // Moving content needs a way to stop it (WCAG 2.2.2); visitors who asked for reduced motion start paused.
  const [paused, setPaused] = useState(reducedMotion);
  const [held, setHeld] = useState(false);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);

  // The rotation is a timer of our own rather than embla-carousel-autoplay (about 1.2 kB of the home page's budget):
  // one timeout per shown slide, so every slide, the one the visitor chose too, gets a full interval. Hover and
  // focus hold it, and Pause stops it until pressed again.
  useEffect(() => {
    if (!embla || paused || held) return;
    const timer = setTimeout(() => embla.scrollNext(), CAROUSEL_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [embla, paused, held, selected]);

  // A press before Embla has started starts it, and is carried out once it has.
  const waiting = useRef<Move | null>(null);
  const go = useCallback(
    (move: Move) => {
      if (!embla) {
        waiting.current = move;
        start();
        return;
      }
      if (move === 'prev') embla.scrollPrev();
      else if (move === 'next') embla.scrollNext();
      else embla.scrollTo(move);
    },
    [embla, start],
  );
  useEffect(() => {
    const move = waiting.current;
    waiting.current = null;
    if (embla && move !== null) go(move);
  }, [embla, go]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={i18n._('home.carousel.label')}
      className="relative isolate overflow-hidden bg-brand-900"
      // Only a mouse pointer or keyboard focus holds the slide: a tap on a bullet must not stop the rotation.
      onPointerEnter={(e) => e.pointerType === 'mouse' && setHeld(true)}
      onPointerLeave={(e) => e.pointerType === 'mouse' && setHeld(false)}
      onFocus={(e) => e.target.matches(':focus-visible') && setHeld(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setHeld(false);
      }}
    >
      <div ref={viewport} className="overflow-hidden">
        <div className="flex touch-pan-y">
          {SLIDES.map((slide, i) => (
            <div
              key={slide.id}
              role="group"
              aria-roledescription="slide"
              aria-label={i18n._('home.carousel.slideOf', { index: i + 1, count: SLIDES.length })}
              inert={i !== selected}
              className="relative h-[400px] min-w-0 flex-[0_0_100%] md:h-[500px] lg:h-[600px]"
            >
              <img
                src={slide.background}
                alt=""
                width={1600}
                height={600}
                fetchPriority={i === 0 ? 'high' : 'low'}
                className="absolute inset-0 -z-10 size-full object-cover"
              />
              {/* Keeps white text readable over every part of the picture. */}
              <div className="absolute inset-0 -z-10 bg-gradient-to-r rtl:bg-gradient-to-l from-stone-950/80 via-stone-950/55 to-stone-950/10" />
              <div className="mx-auto flex h-full max-w-7xl flex-col justify-center px-6 sm:px-16 lg:px-20">
                <div className="max-w-xl text-white">
                  <h2 className="text-3xl font-extrabold leading-tight tracking-tight sm:text-4xl lg:text-6xl">{i18n._(slide.title)}</h2>
                  <p className="mt-4 text-base text-stone-100 sm:text-lg lg:text-xl">{i18n._(slide.description)}</p>
                  <Link
                    to="/allDonations"
                    className="mt-8 inline-flex min-h-12 items-center justify-center rounded-lg bg-accent-500 px-6 text-base font-semibold text-stone-950 shadow-lg transition-colors hover:bg-accent-400"
                  >
                    {i18n._('home.carousel.browse')}
                  </Link>
                </div>
              </div>
            </div>
          ))}
        </div>
      </div>

      <div className="absolute inset-x-0 bottom-3 flex items-center justify-center gap-1 lg:bottom-6">
        <button type="button" aria-label={i18n._('home.carousel.previous')} onClick={() => go('prev')} className={controlClass}>
          <ChevronLeft className="size-6 rtl:-scale-x-100" />
        </button>
        {SLIDES.map((slide, i) => (
          <button
            key={slide.id}
            type="button"
            aria-label={i18n._('home.carousel.goTo', { index: i + 1, title: i18n._(slide.title) })}
            aria-current={i === selected ? 'true' : undefined}
            onClick={() => go(i)}
            className="group inline-flex size-11 items-center justify-center rounded-full"
          >
            <span
              className={`block h-2.5 rounded-full transition-all ${i === selected ? 'w-8 bg-accent-400' : 'w-2.5 bg-white/60 group-hover:bg-white'}`}
            />
          </button>
        ))}
        <button type="button" aria-label={i18n._('home.carousel.next')} onClick={() => go('next')} className={controlClass}>
          <ChevronRight className="size-6 rtl:-scale-x-100" />
        </button>
        <button
          type="button"
          aria-label={i18n._('home.carousel.pause')}
          aria-pressed={paused}
          onClick={() => setPaused((p) => !p)}
          className={controlClass}
        >
          {paused ? <Play className="size-4" /> : <Pause className="size-4" />}
        </button>
      </div>
    </section>
  );
}
