import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { getClinic } from "~/lib/clinic.server";
import { useNonce } from "~/lib/nonce";
import "./styles/app.css";

export async function loader() {
  return { clinic: getClinic() };
}

/** The clinic's public details, from the root loader. */
export function useClinic() {
  const data = useRouteLoaderData<typeof loader>("root");
  if (!data) throw new Error("useClinic needs the root loader's data");
  return data.clinic;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b5c63" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let details: string;
  let stack: string | undefined;
  if (isRouteErrorResponse(error)) {
    details = `${error.status} ${error.statusText}`;
  } else if (error instanceof Error) {
    details = error.message;
    if (import.meta.env.DEV) stack = error.stack;
  } else {
    details = "Unknown error";
  }
  return (
    <main id="main" className="error-screen">
      <h1>Unexpected Application Error!</h1>
      <p>{details}</p>
      {stack && <pre>{stack}</pre>}
    </main>
  );
}
