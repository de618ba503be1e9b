/** The settings page's heading (also drawn while the page's code loads). */
export function SettingsHeader() {
  return (
    <>
      <title>Settings · Compactor</title>
      <header className="page__header">
        <h1>Settings</h1>
      </header>
    </>
  );
}
