import { SignInLink } from './sign-in-link';

/**
 * A screen that needs a user, seen by a visitor (session contract): its title, why, and a "Sign
 * in" link, no automatic redirect. The texts are the screen's own, already translated.
 */
export function SignInNeeded({
  className,
  title,
  text,
  link,
}: {
  className: string;
  title: string;
  text: string;
  link: string;
}) {
  return (
    <section className={className}>
      <h1>{title}</h1>
      <p>{text}</p>
      <SignInLink>{link}</SignInLink>
    </section>
  );
}
