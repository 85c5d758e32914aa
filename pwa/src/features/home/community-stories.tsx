import { TESTIMONIALS } from './content';
import { SectionHeading } from './section-states';
import { useI18n } from '@/lib/i18n/i18n';

export function CommunityStories() {
  const i18n = useI18n();
  return (
    <section aria-labelledby="stories-heading" className="bg-accent-100/40">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:py-20">
        <SectionHeading id="stories-heading" title={i18n._('home.stories.title')} subtitle={i18n._('home.stories.subtitle')} />
        <ul className="grid grid-cols-1 gap-6 md:grid-cols-2">
          {TESTIMONIALS.map((t) => (
            <li key={t.name}>
              <figure className="flex h-full flex-col gap-5 rounded-[var(--radius-card)] border border-border bg-white p-6 shadow-sm sm:p-8">
                <span aria-hidden className="h-8 font-serif text-6xl leading-none text-accent-500">
                  “
                </span>
                <blockquote className="flex-1 text-lg leading-relaxed text-stone-800">{i18n._(t.story)}</blockquote>
                <figcaption className="flex items-center gap-4">
                  <img src={t.image} alt={i18n._('home.stories.portrait', { name: t.name })} width={64} height={64} loading="lazy" className="size-16 rounded-full object-cover" />
                  <div>
                    <p className="font-semibold text-stone-900">{t.name}</p>
                    <p className="text-sm text-muted-foreground">
                      <span className="font-medium text-brand-800">{i18n._(t.role)}</span> · {t.organization}
                    </p>
                  </div>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
