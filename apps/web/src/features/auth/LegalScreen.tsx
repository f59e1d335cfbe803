import { ACCOUNT_DELETION_GRACE_DAYS } from '@parlor/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Wordmark } from '../../ui/Wordmark';
import styles from './LegalScreen.module.css';

const UPDATED = '24 November 2026';

function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Link to="/" className={styles.home} aria-label="Parlor home">
          <Wordmark size={32} />
        </Link>
      </header>
      <main className={styles.main}>
        <article className={styles.article} aria-labelledby="legal-title">
          <h1 id="legal-title">{title}</h1>
          <p className={styles.updated}>Last updated {UPDATED}</p>
          {children}
        </article>
        <nav className={styles.links} aria-label="Legal">
          <Link to="/terms">Terms of Service</Link>
          <Link to="/privacy">Privacy Policy</Link>
          <Link to="/login">Sign in</Link>
        </nav>
      </main>
    </div>
  );
}

/** /terms: the rules of using Parlor, in plain words. */
export function TermsScreen() {
  return (
    <Page title="Terms of Service">
      <p>
        These terms are an agreement between you and the operator of this Parlor site. By creating an account
        you accept them. If you do not accept them, do not use Parlor.
      </p>
      <h2>1. Who may use Parlor</h2>
      <p>
        You must be at least 18 years old and allowed by the law where you live to see adult content and to
        pay for it. You confirm this when you sign up. We close accounts of people who are not.
      </p>
      <h2>2. Your account</h2>
      <p>
        Keep your password to yourself. You are responsible for what happens in your account. If you think
        someone else has used it, change your password in Account › Password: every other device is signed out
        at once.
      </p>
      <h2>3. Credits and payments</h2>
      <p>
        Fans buy credits to unlock paid messages, to tip and to subscribe. Credits are not money, cannot be
        sold and are not refunded once spent, except where the law says otherwise. Payments are taken by our
        payment provider; we never see your full card number.
      </p>
      <h2>4. Creators</h2>
      <p>
        Creators verify their identity before they are paid. Creators own what they post and let us show it to
        the fans they send it to. Creators may only post content of themselves or of adults who agreed to it
        in writing, and must keep those records.
      </p>
      <h2>5. What is not allowed</h2>
      <ul>
        <li>Content of anyone under 18, or of anyone who did not agree to it.</li>
        <li>Violence, hate, threats, harassment or anything illegal where you or the viewer are.</li>
        <li>Sharing content you bought with anyone else, or recording it.</li>
        <li>Spam, scams, or asking for payments outside Parlor.</li>
      </ul>
      <p>We may remove content, freeze or close accounts that break these rules.</p>
      <h2>6. Ending</h2>
      <p>
        You can delete your account at any time in Account › Privacy. It is erased{' '}
        {ACCOUNT_DELETION_GRACE_DAYS} days later; until then you can change your mind. You can download your
        data before you go.
      </p>
      <h2>7. Liability</h2>
      <p>
        Parlor is provided as it is. To the extent the law allows, we are not liable for losses caused by
        other users, or by the service being unavailable for a while.
      </p>
      <h2>8. Changes</h2>
      <p>
        We may change these terms. We will tell you by email or in the app before important changes apply.
      </p>
    </Page>
  );
}

/** /privacy: what is kept about a person and why. */
export function PrivacyScreen() {
  return (
    <Page title="Privacy Policy">
      <p>This policy says what this Parlor site keeps about you, why, and what you can do about it.</p>
      <h2>What we keep</h2>
      <ul>
        <li>
          Your account: email address, username, password (only as a one-way hash), profile and settings.
        </li>
        <li>Your messages, photos and videos, and what you bought, tipped and subscribed to.</li>
        <li>Your credit and earnings history, payments (card brand and last 4 digits only) and payouts.</li>
        <li>The devices signed in to your account, and when they were last used.</li>
        <li>For creators: identity documents, kept only to verify who you are.</li>
      </ul>
      <h2>Why</h2>
      <p>
        To run the service you signed up for, to take payments and pay creators, to keep the platform safe,
        and because the law requires us to keep payment records.
      </p>
      <h2>Who sees it</h2>
      <p>
        The people you chat with see your profile and your messages to them. Our payment provider and email
        provider process what they need for their part. We do not sell your data.
      </p>
      <h2>Your rights</h2>
      <ul>
        <li>
          Download your data at any time in Account › Privacy › Download my data: your profile, messages,
          purchases and history, as JSON and CSV files.
        </li>
        <li>Correct your profile in Account › Edit profile.</li>
        <li>
          Delete your account in Account › Privacy. Personal details are erased {ACCOUNT_DELETION_GRACE_DAYS}{' '}
          days later; payment records are kept without your name for as long as the law requires.
        </li>
      </ul>
      <h2>Cookies and storage</h2>
      <p>
        We keep only what signs you in and remembers your settings on this device. No advertising trackers.
      </p>
      <h2>Contact</h2>
      <p>
        Questions about your data: write to the operator of this site at the address given on its home page.
      </p>
    </Page>
  );
}
