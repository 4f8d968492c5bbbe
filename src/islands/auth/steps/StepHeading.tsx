import type { ReactNode } from 'react';

/** The id the dialog is labelled by: every step names itself with this heading. */
export const loginTitleId = 'login-title';

export function StepHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-5 pe-10">
      <h2 id={loginTitleId} className="text-xl font-extrabold">
        {title}
      </h2>
      {children && <p className="mt-1 text-ink-muted">{children}</p>}
    </div>
  );
}

/** A user name inside a sentence: isolated and left-to-right, so +98… or an e-mail reads correctly in RTL. */
export function UserName({ value }: { value: string }) {
  return (
    <bdi dir="ltr" className="font-bold">
      {value}
    </bdi>
  );
}
