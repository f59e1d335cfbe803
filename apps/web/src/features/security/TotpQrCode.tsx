import { useEffect, useState } from 'react';
import { Spinner } from '../../ui/Spinner';
import styles from './TwoFactorCard.module.css';

/**
 * The `otpauth://` address as a QR code for the authenticator app to scan. The encoder (the `qr`
 * package, no dependencies) is loaded with the first set-up, not with the settings.
 */
export function TotpQrCode({ url }: { url: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('qr').then(
      ({ default: encodeQR }) => live && setSvg(encodeQR(url, 'svg', { ecc: 'medium', border: 2 })),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [url]);
  if (failed) return null;
  return (
    <div className={styles.qr}>
      {svg ? (
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          alt="QR code to scan with your authenticator app"
          width={184}
          height={184}
        />
      ) : (
        <Spinner />
      )}
    </div>
  );
}
