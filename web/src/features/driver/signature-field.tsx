import { Box, Button, Group, Input } from '@mantine/core';
import { type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import SignaturePad from 'signature_pad';

/** What the dialog asks of the pad when it saves. */
export type SignatureHandle = { isEmpty(): boolean; toPng(): Promise<Blob | null> };

type Props = {
  handle: RefObject<SignatureHandle | null>;
  /** Called when a stroke ends or the pad is cleared: whether it is empty now. */
  onChange(empty: boolean): void;
  error?: string | null;
};

/**
 * The receiver signs with a finger (signature_pad: smooth strokes, touch, pen and mouse alike).
 * The canvas is sized to its box at the screen's pixel ratio, so the strokes are sharp; turning
 * the phone keeps what was drawn. Saved as a PNG on white (the delivery note prints it).
 */
export function SignatureField({ handle, onChange, error }: Props) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const signature = new SignaturePad(element, { backgroundColor: 'rgb(255, 255, 255)', penColor: '#111' });
    pad.current = signature;
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      if (element.width === element.offsetWidth * ratio && element.height === element.offsetHeight * ratio)
        return;
      const strokes = signature.toData();
      element.width = element.offsetWidth * ratio;
      element.height = element.offsetHeight * ratio;
      element.getContext('2d')?.scale(ratio, ratio);
      signature.clear();
      signature.fromData(strokes);
    };
    // The dialog opens with a transition: the box has its size only once laid out (and again
    // when the phone turns), which the observer reports.
    const sized = new ResizeObserver(fit);
    sized.observe(element);
    const ended = () => changed.current(signature.isEmpty());
    signature.addEventListener('endStroke', ended);
    handle.current = {
      isEmpty: () => signature.isEmpty(),
      toPng: () => new Promise((resolve) => element.toBlob(resolve, 'image/png')),
    };
    return () => {
      signature.removeEventListener('endStroke', ended);
      signature.off();
      sized.disconnect();
      handle.current = null;
    };
  }, [handle]);

  const clear = () => {
    pad.current?.clear();
    changed.current(true);
  };
  return (
    <Input.Wrapper label={t('driverDay.deliver.signature')} required error={error}>
      <Box
        style={{
          border: `1px solid ${error ? 'var(--mantine-color-red-6)' : 'var(--mantine-color-gray-5)'}`,
          borderRadius: 'var(--mantine-radius-sm)',
          background: '#fff',
        }}
      >
        <canvas
          ref={canvas}
          data-testid="signature-pad"
          aria-label={t('driverDay.deliver.signatureHint')}
          style={{ display: 'block', width: '100%', height: 180, touchAction: 'none' }}
        />
      </Box>
      <Group justify="space-between" mt={4}>
        <Input.Description>{t('driverDay.deliver.signatureHint')}</Input.Description>
        <Button variant="subtle" onClick={clear}>
          {t('driverDay.deliver.clearSignature')}
        </Button>
      </Group>
    </Input.Wrapper>
  );
}
