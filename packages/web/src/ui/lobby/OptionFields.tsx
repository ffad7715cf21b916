import type { GameId } from '@parlor/protocol';
import { useTranslation } from 'react-i18next';
import { OPTION_FIELDS, choiceValues } from './options.js';

/**
 * A game's options as a form's fieldset (the create-table form): a legend and the option list.
 */
export function OptionFields({ game, seats, options, onChange }: {
  game: GameId; seats: number; options: Record<string, unknown>; onChange: (options: Record<string, unknown>) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend>{t('create.options')}</legend>
      <OptionList game={game} seats={seats} options={options} onChange={onChange} idPrefix="opt-" />
    </fieldset>
  );
}

/**
 * A game's options, built from the module's option fields: a check box per flag, a list per choice
 * (a seat-valued choice offers the table's seats), each with its one-line help, whose id starts with
 * `idPrefix` (two forms on one page must not share ids). Shared by the create-table form and the
 * offline game's form (ui/offline/OfflinePage.tsx).
 */
export function OptionList({ game, seats, options, onChange, idPrefix }: {
  game: GameId; seats: number; options: Record<string, unknown>; onChange: (options: Record<string, unknown>) => void; idPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {OPTION_FIELDS[game].map((f) => (
        <div key={f.key} className="option">
          {f.kind === 'flag' ? (
            <label className="choice">
              <input type="checkbox" checked={options[f.key] === true} onChange={(e) => onChange({ ...options, [f.key]: e.target.checked })}
                aria-describedby={`${idPrefix}${f.key}-help`} />
              <span>{t(`options.${game}.${f.key}.label`)}</span>
            </label>
          ) : (
            <label>{t(`options.${game}.${f.key}.label`)}
              <select value={String(options[f.key])} aria-describedby={`${idPrefix}${f.key}-help`}
                onChange={(e) => onChange({ ...options, [f.key]: f.values.find((v) => String(v) === e.target.value) ?? e.target.value })}>
                {choiceValues(f, seats).map((v) => (
                  <option key={String(v)} value={String(v)}>
                    {f.seats === true && typeof v === 'number'
                      ? t('table.seat', { n: v + 1 })
                      : t(`options.${game}.${f.key}.values.${v}`, { defaultValue: String(v) })}
                  </option>
                ))}
              </select>
            </label>
          )}
          <p id={`${idPrefix}${f.key}-help`} className="hint">{t(`options.${game}.${f.key}.help`)}</p>
        </div>
      ))}
    </>
  );
}
