import { Link } from '../../shared/router/links';
import { DocumentTitle } from '../../shared/ui/DocumentTitle';
import styles from './routes.module.css';

// "404 Page Not Found" is the specification's text, verbatim.
export function NotFoundRoute() {
  return (
    <div className={styles.notFound}>
      <DocumentTitle title="Page not found" />
      <h1>404 Page Not Found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link to="/">Go back home</Link>
    </div>
  );
}
