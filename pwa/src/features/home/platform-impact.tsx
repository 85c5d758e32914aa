import { Leaf, Scale, Soup } from './icons';
import { IMPACT, type ImpactFigure } from './content';
import { SectionHeading } from './section-states';

const ICONS: Record<ImpactFigure['id'], typeof Leaf> = { food: Scale, meals: Soup, co2: Leaf };

export function PlatformImpact() {
  return (
    <section aria-labelledby="impact-heading" className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:py-20">
      <SectionHeading id="impact-heading" title="Platform Impact" subtitle="What restaurants and charities have achieved together so far." />
      <dl className="grid grid-cols-1 gap-6 md:grid-cols-3">
        {IMPACT.map((f) => {
          const Icon = ICONS[f.id];
          return (
            <div key={f.id} className="flex flex-col gap-2 rounded-[var(--radius-card)] bg-gradient-to-br from-brand-800 to-brand-900 p-6 text-white shadow-sm">
              <dt className="flex flex-col gap-4 text-sm font-semibold uppercase tracking-wide text-brand-100">
                <Icon className="size-8 text-accent-400" aria-hidden />
                {f.label}
              </dt>
              <dd className="text-4xl font-extrabold tracking-tight">{f.value}</dd>
              <dd className="text-brand-100">{f.detail}</dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
