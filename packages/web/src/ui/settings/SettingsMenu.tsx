import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Pace, updateSettings, useSettings } from '../../state/settings.js';
import { audible, play } from '../sound.js';

const PACES: readonly Pace[] = ['relaxed', 'normal', 'fast'];

/** A gear (decorative: the button says "Settings"). */
function GearIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="18" height="18" viewBox="0 0 24 24" className="settings-icon">
      <circle cx="12" cy="12" r="3.2" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3M5.3 5.3l2.1 2.1M16.6 16.6l2.1 2.1M5.3 18.7l2.1-2.1M16.6 7.4l2.1-2.1"
        stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The header's settings: the pace of the table (how long it holds a moment: relaxed, normal, fast),
 * the sounds (on or off, and their volume: 0 is silent) and screen reader mode, remembered in this browser
 * (state/settings.ts). A disclosure: Escape or
 * a click elsewhere closes it, and Escape gives the keyboard back to its button.
 */
export function SettingsMenu() {
  const { t, i18n } = useTranslation();
  const settings = useSettings();
  const percent = Math.round(settings.volume * 100);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('input:checked')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const outside = (target: EventTarget | null) => target instanceof Node && !panel.current?.contains(target) && !button.current?.contains(target);
    const onPointer = (e: PointerEvent) => { if (outside(e.target)) setOpen(false); };
    // The keyboard left the menu (Tab past its end): it closes behind it.
    const onFocus = (e: FocusEvent) => { if (outside(e.target)) setOpen(false); };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('focusin', onFocus);
    };
  }, [open]);
  return (
    <div className="settings">
      <button ref={button} type="button" className="settings-toggle" aria-expanded={open} aria-controls="settings-panel"
        onClick={() => setOpen((o) => !o)}>
        <GearIcon /><span className="settings-label">{t('settings.title')}</span>
      </button>
      {open && (
        <div ref={panel} id="settings-panel" className="settings-panel" role="group" aria-label={t('settings.title')}>
          <fieldset>
            <legend>{t('settings.pace')}</legend>
            {PACES.map((p) => (
              <label key={p} className="choice">
                <input type="radio" name="pace" value={p} checked={settings.pace === p} onChange={() => updateSettings({ pace: p })} />
                <span>{t(`settings.paces.${p}`)}</span>
              </label>
            ))}
            <p className="hint">{t('settings.paceHelp')}</p>
          </fieldset>
          <label className="choice">
            <input type="checkbox" role="switch" checked={!settings.muted} aria-describedby="sound-help"
              onChange={(e) => updateSettings({ muted: !e.target.checked })} />
            <span>{t('settings.sound')}</span>
          </label>
          <label className="settings-volume">
            <span>{t('settings.volume')}</span>
            <input type="range" min={0} max={100} step={5} value={percent} disabled={settings.muted}
              aria-valuetext={percent === 0 ? t('settings.volumeSilent') : new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(percent / 100)}
              onChange={(e) => updateSettings({ volume: Number(e.target.value) / 100 })} />
          </label>
          <p id="sound-help" className="hint">{t('settings.soundHelp')}</p>
          <button type="button" className="secondary" disabled={!audible(settings)} onClick={() => void play('yourTurn')}>{t('settings.try')}</button>
          <label className="choice">
            <input type="checkbox" role="switch" checked={settings.reader} aria-describedby="reader-help"
              onChange={(e) => updateSettings({ reader: e.target.checked })} />
            <span>{t('reader.mode')}</span>
          </label>
          <p id="reader-help" className="hint">{t('reader.modeHelp')}</p>
        </div>
      )}
    </div>
  );
}
