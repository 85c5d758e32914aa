/** A refusal that belongs to no field, said in the form or dialog where the person is looking (and read out at once). */
export function FormProblem({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-stone-900">
      {message}
    </p>
  );
}
