/**
 * The landing's hero carousel (spec: three slides, a new one every 4000 ms), built on the
 * WAI-ARIA carousel pattern. It stops while the pointer is over it or focus is inside it,
 * has a pause button (WCAG 2.2.2), and does not move by itself for visitors who prefer
 * reduced motion. Its height is fixed, so nothing below it moves as slides change. Right to
 * left, its picture, dots and arrows mirror: Previous points right, Next points left.
 */
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { usePrefersReducedMotion } from '../../../lib/motion';

export const SLIDE_INTERVAL_MS = 4000;

const slides = [
  {
    title: 'landing.hero.slide1.title',
    text: 'landing.hero.slide1.text',
    image: '/hero/destinations.svg',
    background: 'from-brand-900 via-brand-800 to-brand-700',
  },
  {
    title: 'landing.hero.slide2.title',
    text: 'landing.hero.slide2.text',
    image: '/hero/qr-install.svg',
    background: 'from-slate-900 via-sky-900 to-brand-800',
  },
  {
    title: 'landing.hero.slide3.title',
    text: 'landing.hero.slide3.text',
    image: '/hero/no-roaming.svg',
    background: 'from-indigo-950 via-indigo-900 to-brand-800',
  },
] as const;

export function HeroCarousel() {
  const reducedMotion = usePrefersReducedMotion();
  const t = useT();
  const [index, setIndex] = useState(0);
  // The visitor's own choice (pause button); starts off under reduced motion.
  const [playing, setPlaying] = useState(!reducedMotion);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const slidesId = useId();
  const rotating = playing && !hovered && !focused;

  useEffect(() => {
    if (reducedMotion) setPlaying(false);
  }, [reducedMotion]);

  // Restarts with each slide, so a slide picked by hand also gets its full time.
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(
      () => setIndex((current) => (current + 1) % slides.length),
      SLIDE_INTERVAL_MS,
    );
    return () => window.clearTimeout(timer);
  }, [rotating, index]);

  const show = (next: number) => setIndex((next + slides.length) % slides.length);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t('landing.hero.label')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      className="relative h-60 overflow-hidden rounded-3xl bg-brand-900 text-white shadow-lg sm:h-72"
    >
      <div id={slidesId} aria-live={rotating ? 'off' : 'polite'} className="h-full">
        {slides.map((slide, slideIndex) => {
          const active = slideIndex === index;
          return (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a labelled group
            <div
              key={slide.title}
              role="group"
              aria-roledescription="slide"
              aria-label={t('landing.hero.slideOf', {
                index: slideIndex + 1,
                count: slides.length,
              })}
              inert={!active}
              className={`absolute inset-0 flex bg-gradient-to-br ${slide.background} transition-opacity duration-700 motion-reduce:transition-none ${
                active ? 'opacity-100' : 'opacity-0'
              }`}
            >
              <div className="relative z-10 flex max-w-xl flex-col justify-center px-6 pb-14 sm:px-10 sm:pb-12">
                <p className="text-2xl font-bold leading-tight tracking-tight sm:text-4xl">
                  {t(slide.title)}
                </p>
                <p className="mt-3 max-w-md text-sm text-teal-50 sm:text-base">{t(slide.text)}</p>
              </div>
              <img
                src={slide.image}
                alt=""
                width={320}
                height={240}
                className="pointer-events-none absolute end-4 top-1/2 hidden h-60 w-80 -translate-y-1/2 md:block lg:end-16 rtl:-scale-x-100"
              />
            </div>
          );
        })}
      </div>

      <div className="absolute inset-x-0 bottom-0 z-20 flex items-center justify-between gap-2 px-4 pb-3 sm:px-8 sm:pb-4">
        <fieldset className="flex items-center">
          <legend className="sr-only">{t('landing.hero.chooseSlide')}</legend>
          {slides.map((slide, slideIndex) => (
            <button
              key={slide.title}
              type="button"
              aria-label={t('landing.hero.slideButton', {
                index: slideIndex + 1,
                title: t(slide.title),
              })}
              aria-current={slideIndex === index ? 'true' : undefined}
              aria-controls={slidesId}
              onClick={() => show(slideIndex)}
              className="group flex h-8 w-8 items-center justify-center rounded-full"
            >
              <span
                className={`block h-2.5 rounded-full transition-all motion-reduce:transition-none ${
                  slideIndex === index
                    ? 'w-6 bg-white'
                    : 'w-2.5 bg-white/55 group-hover:bg-white/85'
                }`}
              />
            </button>
          ))}
        </fieldset>
        <div className="flex items-center gap-1.5">
          <CarouselButton
            label={playing ? t('landing.hero.pause') : t('landing.hero.play')}
            onClick={() => setPlaying(!playing)}
          >
            {playing ? (
              <path d="M7 5h3v14H7zM14 5h3v14h-3z" fill="currentColor" />
            ) : (
              <path d="M8 5v14l11-7z" fill="currentColor" />
            )}
          </CarouselButton>
          <CarouselButton
            label={t('landing.hero.previous')}
            controls={slidesId}
            mirrored
            onClick={() => show(index - 1)}
          >
            <path d="M15 6l-6 6 6 6" {...strokeProps} />
          </CarouselButton>
          <CarouselButton
            label={t('landing.hero.next')}
            controls={slidesId}
            mirrored
            onClick={() => show(index + 1)}
          >
            <path d="M9 6l6 6-6 6" {...strokeProps} />
          </CarouselButton>
        </div>
      </div>
    </section>
  );
}

const strokeProps = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2.5,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

function CarouselButton(props: {
  label: string;
  controls?: string;
  /** An arrow: it points the other way right to left. */
  mirrored?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={props.label}
      aria-controls={props.controls}
      onClick={props.onClick}
      className="flex h-9 w-9 items-center justify-center rounded-full bg-white/15 text-white ring-1 ring-white/30 backdrop-blur-sm hover:bg-white/30"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="18"
        height="18"
        className={props.mirrored ? 'rtl:-scale-x-100' : undefined}
      >
        {props.children}
      </svg>
    </button>
  );
}
