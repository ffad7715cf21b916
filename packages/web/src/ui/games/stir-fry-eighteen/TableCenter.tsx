import { type SfCard, type SfEvent, type SfProtein, type SfView, sfCardValue } from '@parlor/rules';
import { type CSSProperties, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlace, useTravel } from '../../table/motion.js';
import { moveAmong, useRovingKey } from '../../table/roving.js';
import { BackArt } from './art.js';
import { CardBack, SfMotion, TableCard } from './Card.js';
import { handCardId } from './Hand.js';

export type Logged<E> = { readonly seq: number; readonly event: E };

/** Where a seat's cards come from on the table: that chef's own seat, or my hand. */
export const seatPlace = (seat: number): string => `sf-seat-${seat}`;

/** Each card of a stack with its place in my hand's numbering (the n-th Noodles), to travel from there. */
function withIds(cards: readonly SfCard[]): { card: SfCard; id: string }[] {
  const seen = new Map<SfCard, number>();
  return cards.map((card) => {
    const n = seen.get(card) ?? 0;
    seen.set(card, n + 1);
    return { card, id: handCardId(card, n) };
  });
}

type PutDown = SfView['putDown'][number];
type Reveal = Logged<Extract<SfEvent, { type: 'taste-test' }>>;
type Dish = Logged<Extract<SfEvent, { type: 'cook' }>>;

/** The cards of a put-down stack shown face up (a taste test showed them, or they are mine); null when face down. */
const faceUp = (p: PutDown, me: number | null): readonly SfCard[] | null => (p.cards && (p.open || p.by === me) ? p.cards : null);

/** Each face-up card's key on the felt: card `j` of stack `i`, of the reveal or of the dish logged at `seq`. */
const stackKey = (i: number, j: number) => `s${i}:${j}`;
const revealKey = (seq: number, j: number) => `r${seq}:${j}`;
const dishKey = (seq: number, j: number) => `d${seq}:${j}`;

/** The keys of the felt's face-up cards, in reading order: the stacks', the last reveal's, the last dish's. */
function cardKeys(putDown: readonly PutDown[], me: number | null, reveal: Reveal | null, dish: Dish | null): string[] {
  return [
    ...putDown.flatMap((p, i) => (faceUp(p, me) ?? []).map((_, j) => stackKey(i, j))),
    ...(reveal === null ? [] : reveal.event.cards.map((_, j) => revealKey(reveal.seq, j))),
    ...(dish === null ? [] : dish.event.cards.map((_, j) => dishKey(dish.seq, j))),
  ];
}

/** The felt's face-up cards are one Tab stop; the arrow keys, Home and End move among them. */
const moveAmongCards = moveAmong('[data-card-key]', '.sf-cards-row');

/**
 * The table itself, on its felt: the draw pile, the cards put down this turn (face down unless a
 * taste test showed them, or they are mine), the moment being shown (a declaration, a reveal, a
 * dish), and the latest taste test and dish. Cards glide in from the hand or the chef who put them
 * down, and back to the pile when the turn's cards are shuffled in. A taste test's cards turn over
 * from their backs before its verdict is stamped; a dish's cards gather in a pile under rising steam,
 * then spread again (sf.css; none of it for reduced motion).
 */
export function TableCenter({ view, names, me, claims, lastReveal, lastDish, moment }: {
  view: SfView; names: readonly string[]; me: number | null;
  /** The declared protein of each put-down stack (by index), when known from the log. */
  claims: readonly (SfProtein | null | undefined)[];
  lastReveal: Reveal | null;
  lastDish: Dish | null;
  /** The words of the moment on show (held at the player's pace), or null. */
  moment: string | null;
}) {
  const { t } = useTranslation();
  const d = view.declaration;
  const pile = usePlace<HTMLDivElement>('sf-pile');
  const from = (seat: number) => (seat === me ? 'sf-hand' : seatPlace(seat));
  const [stop, setStop] = useRovingKey(cardKeys(view.putDown, me, lastReveal, lastDish));
  const roving = (key: string) => ({ key, stop: key === stop, onFocus: setStop });
  return (
    <section className="sf-felt" aria-label={t('sf.table.title')} onKeyDown={moveAmongCards}>
      <div className="sf-felt-top">
        <div ref={pile} className="sf-pile-stack" role="img" aria-label={t('lobby.option', { label: t('sf.drawPileLabel'), value: view.drawPileSize })}>
          {view.drawPileSize > 0 ? <CardBack small /> : <span className="sf-pile-empty" />}
          <span className="sf-pile-count" aria-hidden="true">{view.drawPileSize}</span>
        </div>
        <div className="sf-stacks">
          <h2>{t('sf.table.title')}</h2>
          {view.putDown.length === 0 ? <p className="small sf-felt-note">{t('sf.table.empty')}</p> : (
            <ul>
              {view.putDown.map((p, i) => {
                const pending = d !== null && i === view.putDown.length - 1 && d.declarer === p.by && (p.why === 'pair' || p.why === 'protein');
                const claim = claims[i] ?? (pending ? d.claim : null);
                const shown = faceUp(p, me);
                const label = t(`sf.table.why.${p.why}`, { name: names[p.by], claim: claim ? t(`sf.claims.${claim}`) : '?' });
                return (
                  <Stack key={i} pending={pending} open={p.open}
                    label={`${label}${p.by === me && !p.open && p.cards ? ` ${t('sf.table.yours')}` : ''}`}>
                    {shown !== null
                      // A dish's cards show their values in that dish (SF-2: the bonus belongs to the dish).
                      ? withIds(shown).map(({ card, id }, j) => (
                        <span key={j} className={p.open ? undefined : 'sf-own-down'}>
                          <TableCard card={card} small value={p.why === 'dish' ? sfCardValue(card, shown) : undefined}
                            from={p.why === 'dish' || p.by === me ? from(p.by) : null} travelId={p.by === me ? id : undefined} roving={roving(stackKey(i, j))} />
                        </span>
                      ))
                      : Array.from({ length: p.count }, (_, j) => <CardBack key={j} small from={from(p.by)} />)}
                  </Stack>
                );
              })}
            </ul>
          )}
        </div>
      </div>
      {moment !== null && <p key={moment} className="sf-moment" aria-hidden="true">{moment}</p>}
      {(lastReveal || lastDish) && (
        <div className="sf-spotlights">
          {lastReveal && (
            <div key={`r${lastReveal.seq}`} className={`sf-spot sf-reveal ${lastReveal.event.honest ? 'honest' : 'bluff'}`}>
              <h2>{t('sf.table.lastReveal')}</h2>
              <p className="small">{t('sf.table.revealBy', { tester: names[lastReveal.event.tester], declarer: names[lastReveal.event.declarer] })}</p>
              <span className="sf-cards-row">
                {lastReveal.event.cards.map((c, j) => (
                  <span key={j} className="sf-flip">
                    <TableCard card={c} small roving={roving(revealKey(lastReveal.seq, j))} />
                    <FlipBack />
                  </span>
                ))}
              </span>
              <strong className="sf-verdict">{t(lastReveal.event.honest ? 'sf.table.honest' : 'sf.table.bluff')}</strong>
            </div>
          )}
          {lastDish && (
            <div key={`d${lastDish.seq}`} className="sf-spot sf-dish">
              <h2>{t('sf.table.lastDish')}</h2>
              <p className="small">{t('sf.table.dishBy', { name: names[lastDish.event.player], count: lastDish.event.points })}</p>
              <span className="sf-cards-row">
                {withIds(lastDish.event.cards).map(({ card, id }, j, all) => (
                  <span key={j} className="sf-gather" style={{ '--k': j - (all.length - 1) / 2 } as CSSProperties}>
                    <TableCard card={card} value={lastDish.event.values[j]} small
                      from={from(lastDish.event.player)} travelId={lastDish.event.player === me ? id : undefined} roving={roving(dishKey(lastDish.seq, j))} />
                  </span>
                ))}
                <Steam />
              </span>
            </div>
          )}
        </div>
      )}
    </section>
  );
}

/**
 * The back of a card a taste test turns over (SF-16): drawn behind its face, which turns from it
 * (sf.css). A picture only: the face says what the card is.
 */
function FlipBack() {
  return (
    <span className="sf-flip-back" aria-hidden="true">
      <span className="sf-slot static back small"><span className="sf-card back"><BackArt /></span></span>
    </span>
  );
}

/** Steam rising from a dish just cooked, over its cards as they gather (sf.css; decoration). */
function Steam() {
  return (
    <svg className="sf-steam" viewBox="0 0 48 32" aria-hidden="true" focusable="false">
      <path d="M12 30q-5-6 0-12t0-14M24 30q-5-6 0-12t0-14M36 30q-5-6 0-12t0-14" fill="none" stroke="#a89684" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** One stack put down this turn; when the turn's cards go back into the pile, it glides there. */
function Stack({ pending, open, label, children }: { pending: boolean; open: boolean; label: string; children: ReactNode }) {
  const live = useContext(SfMotion);
  const ref = useTravel<HTMLLIElement>({ to: live.current ? 'sf-pile' : null });
  return (
    <li ref={ref} className={`sf-stack${open ? ' open' : ''}${pending ? ' pending' : ''}`}>
      <span className="small sf-stack-label">{label}</span>
      <span className="sf-cards-row">{children}</span>
    </li>
  );
}
