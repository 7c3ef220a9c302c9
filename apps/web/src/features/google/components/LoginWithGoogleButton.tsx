import { useGoogleSignIn } from '../api/google.ts';

export function LoginWithGoogleButton() {
  const signIn = useGoogleSignIn();
  return (
    <button
      type="button"
      className="btn btn-outline-danger btn-sm"
      disabled={signIn.isPending}
      onClick={() => signIn.mutate()}
    >
      <i className="bi bi-google me-2" aria-hidden="true" />
      Login with Google
    </button>
  );
}
