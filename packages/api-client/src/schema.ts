// Generated from docs/api/openapi.json by `npm run api-client:generate`: do not edit.

export interface paths {
  '/api/health': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * Liveness: answers while the process runs (the database state is the last one seen)
     * @description Liveness: 200 while the process runs, with the database state last seen by the monitor; never waits for the database.
     */
    get: operations['getHealth']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/ready': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * Readiness: 503 when the database cannot serve; Redis down or low disk is degraded (200)
     * @description Readiness for load balancers: 503 while shutting down or when the database does not answer; Redis down or the disk under its reserve still answer 200 with the degraded parts named.
     */
    get: operations['getReadiness']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/account/close': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Close my account
     * @description Any signed-in person (trainer, client, gym owner) closes their own account after confirming the password or a code from sendMyAccountCode: their subscriptions are cancelled at the payment provider (a trainer’s clients are told by mail; a gym owner’s gym closes and its trainers become independent), every session ends at once and signing in is refused until the account is reopened with reactivateMyAccount within 90 days; afterwards the personal data is deleted or anonymised. 422 with errors.password = incorrectPassword.
     */
    post: operations['deactivateMyAccount']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/account/close/code': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Mail me a code to confirm closing my account
     * @description For people who sign in with codes (clients): mails a six-digit code, valid 10 minutes, to the signed-in person’s address; deactivateMyAccount accepts it instead of the password. Asked again within 120 s, nothing new is sent.
     */
    post: operations['sendMyAccountCode']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/account/consents': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * What I accepted, and what is pending
     * @description Every consent record of the signed-in person (document, version, time, screen), the documents whose current version is not accepted yet (the web app asks at sign-in) and whether marketing e-mail is on.
     */
    get: operations['listMyConsents']
    put?: never
    /**
     * Accept a document, or turn marketing e-mail on or off
     * @description Appends a consent record at the document’s current version (with time, screen and address): accepting the terms or the privacy policy, or opting in to or out of marketing e-mail. The terms and the privacy policy cannot be withdrawn this way (422 with errors.accepted = invalid): closing the account does that.
     */
    post: operations['createMyConsent']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/account/export': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * Download everything the platform holds about me
     * @description Answers, as a JSON file (format privacy-export/1, docs/privacy.md), every row about the signed-in person: account, profile, consents, privacy requests, sessions with addresses and times, subscriptions, payments, refunds, invitations, bookings, reviews and audit rows about them; secrets (password and token hashes) are left out. Recorded as a privacy request and in the audit log, and the person is told by mail. Limited to 5 per hour.
     */
    get: operations['exportMyData']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/account/profile': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * My personal data
     * @description The signed-in person’s name, e-mail, phone and birth date, as stored.
     */
    get: operations['getMyProfile']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    /**
     * Correct my name or phone
     * @description Rectification: the signed-in person corrects their first name, last name or phone (also on their trainer card); audited with the values before and after. The e-mail changes through the e-mail change flow. 422 with errors.body = nothingToChange for an empty body.
     */
    patch: operations['updateMyProfile']
    trace?: never
  }
  '/api/v1/account/reopen': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Reopen my closed account by signing in
     * @description Signs in to an account its owner closed less than 90 days ago: the account is active again (cancelled subscriptions stay cancelled) and the answer is a session, as a login. An active account simply signs in. 422 with errors.password = incorrectPassword, or errors.email = reopenExpired when the 90 days have passed or an operator closed it.
     */
    post: operations['reactivateMyAccount']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/account/reopen/code': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Mail a code to reopen a closed account
     * @description Mails a six-digit code to the address when it belongs to an account its owner closed less than 90 days ago; reactivateMyAccount accepts it instead of the password. Always answers ok, so the answer never tells whether an account exists.
     */
    post: operations['sendReopenCode']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/admin/audit': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * The audit log: operator actions and security events, newest first
     * @description Operator actions and security events (logins refused, sessions revoked, …), newest first, with filters and cursor pages.
     */
    get: operations['listAuditEntries']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/admin/audit/export.csv': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * The audit log as CSV (same filters; streamed; formula-safe cells)
     * @description The audit entries matching the same filters as listAuditEntries as a CSV file, streamed; formula-like cells are neutralised. Actions, roles, subject types and the server's own reasons in words, who and what by name, with the codes and ids beside them. Headers and states are in the reader's language: the first `es` or `en` of Accept-Language (the web sends the screen's), else the account's stored language. Dates and times are on Chile's clock with their offset (2026-11-23T21:07:00-03:00), and the file name (Content-Disposition) is dated on the same clock.
     */
    get: operations['exportAuditLogCsv']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/admin/backups': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * Backups: the nightly schedule and the last backup the server took (time, size, verified)
     * @description platform_admin only. The backup card of the console: the database kind, whether and when nightly backups run and how many are kept, whether one is running, and the time, size, verification and any error of the last one (with PostgreSQL the server schedules none: npm run db:backup from cron).
     */
    get: operations['getBackupStatus']
    put?: never
    /**
     * Takes a verified backup of the embedded database now (409 with PostgreSQL or while one runs)
     * @description platform_admin only. Backs up the embedded database and verifies the copy before answering the new status; audited. 409 when the server runs on PostgreSQL or in memory (use npm run db:backup), or while another backup runs.
     */
    post: operations['createBackup']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/admin/businesses': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * Businesses (gyms): owner, plan, split, trainers vs limit; newest first
     * @description Business accounts with their owner, plan, commission split and trainers against the plan limit, newest first, in cursor pages.
     */
    get: operations['listBusinesses']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/admin/businesses/{id}': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * One business and its audit rows
     * @description One business account with its audit rows.
     */
    get: operations['getBusiness']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    /**
     * Change a business plan or commission split with a required reason; audited with before and after
     * @description Changes the plan or the commission split of a business. A reason is required; the audit log keeps the values before and after.
     */
    patch: operations['updateBusiness']
    trace?: never
  }
  '/api/v1/admin/businesses/{id}/central-billing': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    /**
     * Allow or stop a gym's trainers charging clients through central billing (audited)
     * @description Turns on or off the operator's approval of a gym's central billing, with a required reason; audited. The gym's trainers may charge clients only while it is approved and the owner's e-mail is verified.
     */
    put: operations['updateBusinessCentralBilling']
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/admin/leads': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * Free-access requests (leads): search, filters, cursor pages
     * @description Free-access requests sent from the public site, with full-text search, status and date filters, sorting and cursor pages.
     */
    get: operations['listLeads']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/admin/leads/{id}': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * One lead and its history
     * @description One lead with its status history and notes.
     */
    get: operations['getLead']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    /**
     * Move a lead along the pipeline and/or add a note (audited)
     * @description Changes the pipeline status of a lead and/or adds a note; the change is written to the audit log.
     */
    patch: operations['updateLead']
    trace?: never
  }
  '/api/v1/admin/leads/export.csv': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * Leads as CSV (same filters as the list; streamed; formula-safe cells)
     * @description Every lead matching the same filters as listLeads as a CSV file, streamed; formula-like cells are neutralised; the status in words. Headers and states are in the reader's language: the first `es` or `en` of Accept-Language (the web sends the screen's), else the account's stored language. Dates and times are on Chile's clock with their offset (2026-11-23T21:07:00-03:00), and the file name (Content-Disposition) is dated on the same clock.
     */
    get: operations['exportLeadsCsv']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/admin/money/reconciliation': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * The last reconciliation of the ledger with the payment provider (npm run ledger:reconcile)
     * @description When `npm run ledger:reconcile` last ran, on which provider and range, how many movements each side had and every difference it found; null when it never ran.
     */
    get: operations['getLedgerReconciliation']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/admin/money/summary': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * Money: MRR (CLP), trials ending in 7 days, past-due subscriptions, platform commission per month
     * @description Figures of the Money page: monthly recurring revenue in CLP, trials ending within 7 days, past-due subscriptions and the platform commission per month.
     */
    get: operations['getMoneySummary']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/admin/money/transactions': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * The ledger transactions with their entries, newest first (kind, date range, account, trainer)
     * @description Ledger transactions with their entries, newest first, in cursor pages; filters by kind, date range, account and trainer.
     */
    get: operations['listLedgerTransactions']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/admin/money/transactions/export.csv': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * The ledger entries as CSV (same filters; one line per entry; streamed)
     * @description The ledger entries matching the same filters as listLedgerTransactions, one CSV line per entry (so the file re-adds to any account's balance), streamed; cells that could start a spreadsheet formula are neutralised. Kinds and accounts in words (a trainer's or gym's account by name), with the account code beside them. Headers and states are in the reader's language: the first `es` or `en` of Accept-Language (the web sends the screen's), else the account's stored language. Dates and times are on Chile's clock with their offset (2026-11-23T21:07:00-03:00), and the file name (Content-Disposition) is dated on the same clock.
     */
    get: operations['exportLedgerEntriesCsv']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/admin/reviews': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * Every review, hidden ones included (platform_admin)
     * @description platform_admin only. Every review of every trainer, by state (all, visible or hidden), newest first, with the client’s e-mail and when and why it was hidden, in cursor pages.
     */
    get: operations['listReviewsForModeration']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/admin/reviews/{id}/hide': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Hide an abusive review, with a reason (audited)
     * @description platform_admin only. Hides a review from the public list and the trainer’s average; the reason and the operator are written to the audit log. 404 for an unknown review; 409 when it is already hidden.
     */
    post: operations['hideReview']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/admin/reviews/{id}/unhide': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Show a hidden review again, with a reason (audited)
     * @description platform_admin only. Makes a hidden review public again and counts it in the average; audited with its reason. 404 for an unknown review; 409 when it is not hidden.
     */
    post: operations['unhideReview']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/admin/system': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * This process's database, Redis and free disk space against the reserve
     * @description The state this process sees: database up or down, Redis (when configured), free disk space against the reserve. The console shows a status line from it.
     */
    get: operations['getSystemStatus']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/admin/trainers': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * Trainer accounts: subscription, plan, payouts, clients vs limit, sign-up date
     * @description Trainer accounts with subscription, plan, payout status, clients against the plan limit and sign-up date, in cursor pages.
     */
    get: operations['listTrainerAccounts']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/admin/trainers/{id}': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * One trainer (user id) and its history
     * @description One trainer account (by user id) with its subscription, payouts and history.
     */
    get: operations['getTrainerAccount']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/admin/trainers/{id}/deactivate': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Disable the account and end every session at once (audited)
     * @description Disables a trainer account with a reason, ends every one of its sessions at once and ends its clients' subscriptions at the payment provider (each client is told by mail); audited.
     */
    post: operations['deactivateTrainerAccount']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/admin/trainers/{id}/reactivate': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Enable the account again (audited)
     * @description Enables a disabled trainer account again, with a reason; audited.
     */
    post: operations['reactivateTrainerAccount']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/admin/trainers/{id}/resend-mail': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Queue the welcome mail or a set-password link again (limited, audited)
     * @description Queues the welcome mail or a new set-password link for a trainer again; limited per operator and audited.
     */
    post: operations['resendTrainerMail']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/auth/business/login': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Sign in to the business area
     * @description Signs in a gym owner (business account) with e-mail and password and answers the session: access token, refresh token and user. Errors as in loginWithEmail.
     */
    post: operations['loginToBusiness']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/auth/business/register': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Register a gym owner account and its business (no auth); answers a signed-in session
     * @description Creates a gym owner account and its business, and answers a signed-in session (access and refresh token) so that the owner goes straight to the dashboard.
     */
    post: operations['registerBusiness']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/auth/client/code': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Mail a client a six-digit sign-in code (no auth)
     * @description First step of the client sign-in: mails a six-digit code, valid 10 minutes, when the e-mail has a client account. The answer is the same when it has none (nothing is sent), so it reveals no account.
     */
    post: operations['sendClientSignInCode']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/auth/client/login': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Sign a client in with the mailed code (no auth)
     * @description Checks the code of sendClientSignInCode and answers the session: access token, refresh token and user. A wrong or used code answers 422 with errors.otp = invalidOrExpired; five wrong tries void the code.
     */
    post: operations['loginWithClientCode']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/auth/email-change/confirm': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Confirm a new login e-mail with the token of the link mailed to it (no auth)
     * @description Makes the new e-mail the login e-mail, with the token of the link mailed to it.
     */
    post: operations['confirmEmailChange']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/auth/email/login': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Sign in (trainers, members)
     * @description Signs in a trainer, member or client with e-mail and password and answers the session: access token, refresh token and user. Wrong credentials answer 422 with errors.email = notFound or errors.password = incorrectPassword; repeated failures are slowed down and limited.
     */
    post: operations['loginWithEmail']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/auth/email/otp/generate': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Mail a six-digit code to verify an e-mail (no auth)
     * @description First step of the trainer sign-up: mails a six-digit code, valid 10 minutes, to the e-mail.
     */
    post: operations['sendSignupCode']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/auth/email/otp/resend': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Mail a new code; 429 until 120 s after the last one (no auth)
     * @description Mails a new sign-up code; 429 until 120 seconds after the previous one.
     */
    post: operations['resendSignupCode']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/auth/email/otp/verify': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Check a code; five wrong tries void it (no auth)
     * @description Checks the sign-up code and answers a verification token for registerMember; five wrong tries void the code.
     */
    post: operations['verifySignupCode']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/auth/email/register': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Register a member with the verification token of otp/verify (no auth)
     * @description Creates the account with the verification token of verifySignupCode and answers its id and a sign-up token for the checkout and payout calls.
     */
    post: operations['registerMember']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/auth/email/verification/confirm': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Verify your address with the code; releases the mail held until then
     * @description Verifies the signed-in account's address with the code; mail held until then is released.
     */
    post: operations['confirmEmailVerification']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/auth/email/verification/send': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Mail a six-digit code to your own address; 429 until 120 s after the last one
     * @description Mails a six-digit code to the signed-in account's own address; 429 until 120 seconds after the previous one.
     */
    post: operations['sendEmailVerificationCode']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/auth/forgot/password': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Mail a password reset link (same answer whether or not the e-mail has an account)
     * @description Mails a password reset link, valid for a limited time. The answer is the same whether or not the e-mail has an account.
     */
    post: operations['requestPasswordReset']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/auth/logout': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * End this session
     * @description Ends the session of the access token; its refresh token stops working.
     */
    post: operations['logout']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/auth/logout-all': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * End every session of this account (all devices); audited
     * @description Ends every session of the signed-in account on every device; written to the audit log.
     */
    post: operations['logoutAllSessions']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/auth/me': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * The signed-in user
     * @description The account of the access token: id, names, e-mail, role.
     */
    get: operations['getMe']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/auth/refresh': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Rotate the refresh token (sent as the bearer token)
     * @description Exchanges the refresh token (sent as the bearer token) for a new access and refresh token pair; the old refresh token stops working. Reusing a rotated token ends the session.
     */
    post: operations['refreshTokens']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/auth/reset/password': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Set a new password with the hash of a reset link; ends every session of the account
     * @description Sets a new password with the hash of a reset link; every session of the account ends.
     */
    post: operations['resetPassword']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/auth/signup/complete': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * End the sign-up flow: its signup token is exchanged for a session (signup token or session)
     * @description Ends the sign-up flow: its sign-up token stops working. Called with that token, it answers a session, so the trainer reaches the dashboard signed in; called with a session, session is null. Call it when the trainer reaches the end of onboarding.
     */
    post: operations['completeSignup']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/bookings': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Book a slot (client with an active subscription to the trainer). Idempotency-Key: a replay answers the same booking (200)
     * @description Clients only (role member) with an active subscription to the trainer (403 `subscription: required` otherwise). Takes one place of an offered time; two clients never get the last place. 404 for an unknown trainer or session type; 409 `slotUnavailable` or `slotFull` when the time is not offered or was just taken, `alreadyExists` when the caller already holds it.
     */
    post: operations['createBooking']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/business/commissions': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * Per trainer per month: gross, trainer, gym and platform shares
     * @description The gym's commissions: per trainer per month, gross and the trainer, gym and platform shares, in CLP.
     */
    get: operations['listGymCommissions']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/business/commissions.csv': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * Commissions as CSV
     * @description The gym's commissions per trainer per month (Chile months) as a CSV file. Headers and states are in the reader's language: the first `es` or `en` of Accept-Language (the web sends the screen's), else the account's stored language. Dates and times are on Chile's clock with their offset (2026-11-23T21:07:00-03:00), and the file name (Content-Disposition) is dated on the same clock.
     */
    get: operations['exportGymCommissionsCsv']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/calendar-feeds/{kind}': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * A new secret .ics URL (trainer: my sessions; client: my bookings); the previous one stops working
     * @description Signed in: `trainer` for trainers, `client` for clients (403 otherwise). Answers a new secret URL of an .ics calendar, shown only now (only its digest is stored); any earlier URL of that kind stops working.
     */
    post: operations['rotateCalendarFeed']
    /**
     * Revoke my secret .ics URL
     * @description Signed in: `trainer` for trainers, `client` for clients (403 otherwise). The caller’s secret .ics URL of that kind stops working at once.
     */
    delete: operations['revokeCalendarFeed']
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/calendar/{token}': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * The .ics behind a secret URL (no auth: the URL is the secret)
     * @description No token: whoever has the secret URL reads it, so it is rate-limited per address and not cached by shared caches. Answers the sessions from 30 days ago on as text/calendar, cancelled ones marked so. 404 for an unknown or revoked URL.
     */
    get: operations['getCalendarFeed']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/client-invitations/{token}': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * An invitation: trainer, offer, price (no auth; the token is the link)
     * @description The invitation of a link: trainer, offer and price. The token in the path is the proof.
     */
    get: operations['getClientInvitation']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/client-invitations/{token}/checkout': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Start the checkout of the invited offer (the invited client only)
     * @description Starts the payment provider checkout of the invited offer for the invited client and answers its URL.
     */
    post: operations['createClientCheckout']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/client-invitations/{token}/code': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Mail a one-time code to the invited e-mail (no auth)
     * @description Mails a one-time code to the invited e-mail, to prove the client owns it.
     */
    post: operations['sendInvitationCode']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/client-invitations/{token}/confirm': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Check the code: the client account is found or created and signed in (no auth)
     * @description Checks the code; the client account is found or created and signed in (answers a session).
     */
    post: operations['confirmClientInvitation']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/client/bookings': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * My bookings (client): upcoming or past, cursor pages
     * @description Clients only. The caller’s bookings, upcoming (soonest first) or past (newest first), in cursor pages. 422 for a cursor that is not one of ours.
     */
    get: operations['listMyBookings']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/client/bookings/{id}/cancel': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Cancel my booking within the trainer's cancellation window
     * @description Clients only. Cancels a pending or confirmed booking of the caller until the trainer’s cancellation window closes, frees its place and tells the trainer by mail. 404 when it is not the caller’s; 409 when it is no longer live or it is too late.
     */
    post: operations['cancelMyBooking']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/client/subscriptions': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * My subscriptions to trainers
     * @description The signed-in client's subscriptions to trainers.
     */
    get: operations['listMySubscriptions']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/client/subscriptions/{id}/cancel': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Cancel one of my subscriptions at the end of the paid period
     * @description Cancels one of the client's subscriptions at the end of the paid period.
     */
    post: operations['cancelMySubscription']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/client/subscriptions/{id}/portal': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Open the billing portal for one of my subscriptions
     * @description Opens the payment provider billing portal for one of the client's subscriptions and answers its URL.
     */
    post: operations['createClientPortalSession']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/connect/account/by-user/{userId}': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * Your payout account status
     * @description Whether the payout account of the caller (userId) can receive charges.
     */
    get: operations['getPayoutAccount']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/connect/onboarding/setup': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Create or reuse your payout account and get its onboarding link (signup token or session)
     * @description Creates (or reuses) the payout account of the trainer named by userId, who must be the caller, and answers the provider onboarding link.
     */
    post: operations['setupPayoutOnboarding']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/exercises': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * Search the exercise library (trainers, gym owners)
     * @description Searches the shipped library, imported exercises and the caller’s private ones (a trainer’s own and their gym’s) by words in Spanish or English, forgiving accents and small typos; filters by muscle and equipment; best matches first.
     */
    get: operations['listExercises']
    put?: never
    /**
     * Add a private exercise (trainers, gym owners)
     * @description Adds an exercise only the trainer sees (from a gym owner: one every trainer of the gym sees), with an optional YouTube or Vimeo link (https, checked).
     */
    post: operations['createExercise']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/exercises/{id}': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * One exercise of the library (trainers, gym owners)
     * @description An exercise the caller may use: of the library, imported, or their own or their gym’s private one; 404 for another trainer’s.
     */
    get: operations['getExercise']
    put?: never
    post?: never
    /**
     * Remove a private exercise (its author)
     * @description Removes a private exercise of the caller (a gym owner: of the gym); library exercises and other trainers’ answer 404.
     */
    delete: operations['deleteExercise']
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/forms': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Send a contact form, e.g. a free-access request (no auth); the sales inbox is notified
     * @description Stores a contact form sent from a public page (e.g. a free-access request) and notifies the sales inbox. Rate-limited per address.
     */
    post: operations['submitForm']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/gyms': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * The signed-in owner's gyms (at most one)
     * @description The signed-in gym owner's gyms as a list (an owner has at most one).
     */
    get: operations['listMyGyms']
    put?: never
    /**
     * Create the owner’s gym (one per owner)
     * @description Creates the signed-in owner's gym; 409 when the owner already has one.
     */
    post: operations['createGym']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/gyms/{id}': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    /**
     * Update the owner’s gym
     * @description Replaces the fields of the signed-in owner's gym.
     */
    put: operations['updateGym']
    post?: never
    /**
     * Delete the owner’s gym (refused while it has trainers)
     * @description Deletes the signed-in owner's gym; 409 while it still has trainers.
     */
    delete: operations['deleteGym']
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/gyms/{id}/trainers': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * Trainers of the owner’s gym
     * @description The trainers of the signed-in owner's gym.
     */
    get: operations['listGymTrainers']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/gyms/my-gym': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * The signed-in owner's gym; 404 when there is none yet
     * @description The signed-in gym owner's gym; 404 when the owner has not created it yet.
     */
    get: operations['getMyGym']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/payments/{provider}/webhook': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Payment provider events (signed by the provider)
     * @description Called by the payment provider in use, not by apps: the events of checkouts, subscriptions, invoices, refunds, disputes and payout accounts, with its signature. A repeated event is acknowledged as a duplicate; another provider answers 404.
     */
    post: operations['receivePaymentWebhook']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/payments/stripe/billing-portal-session': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Open the billing portal (signed-in users only)
     * @description Opens the payment provider billing portal for the signed-in user and answers its URL; returnUrl must be on this site.
     */
    post: operations['createBillingPortalSession']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/payments/stripe/webhook': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Stripe events (signed with STRIPE_WEBHOOK_SECRET)
     * @deprecated
     * @description The earlier address of the payment webhook (/payments/{provider}/webhook with provider stripe): the events of checkouts, subscriptions, invoices, refunds and payout accounts, signed with STRIPE_WEBHOOK_SECRET. A repeated event is acknowledged as a duplicate.
     */
    post: operations['receiveStripeWebhook']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/payments/subscription-status': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * Your subscription (a trial counts as active)
     * @description Whether the caller has an active subscription to the platform; a trial counts as active.
     */
    get: operations['getSubscriptionStatus']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/plans': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * The plan catalogue (no auth)
     * @description The plans a trainer can subscribe to, with prices in CLP and USD and their benefits. Public and cacheable: answers an ETag and 304 to If-None-Match.
     */
    get: operations['listPlans']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/platform/checkout/verify/{sessionId}': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * Whether one of your checkouts was paid (signup token or session)
     * @description Whether one of the caller's checkout sessions was paid, after the provider redirected back.
     */
    get: operations['verifyCheckout']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/platform/subscriptions/checkout': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Start a checkout for a purchasable plan (signup token or session)
     * @description Starts the payment provider checkout of a purchasable plan for the caller (userId) and answers its URL; the plan and price are the server's.
     */
    post: operations['createSubscriptionCheckout']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/trainer/availability-exceptions': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * My upcoming days off (cursor pages)
     * @description Trainers only. The caller’s days or parts of days off from today on, by day, in cursor pages. 422 for a cursor that is not one of ours.
     */
    get: operations['listMyAvailabilityExceptions']
    put?: never
    /**
     * A day or part of a day off (holiday, leave)
     * @description Trainers only. Removes a whole day or a time range of one day (America/Santiago) from the open times; existing bookings are kept. 422 for a day that does not exist.
     */
    post: operations['createAvailabilityException']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/trainer/availability-exceptions/{id}': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    post?: never
    /**
     * Remove a day off
     * @description Trainers only. Deletes one of the caller’s days off, so its times are open again. 404 when it is not the caller’s.
     */
    delete: operations['deleteAvailabilityException']
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/trainer/bookings': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * My week (trainer): bookings from Monday `week` for seven days, cursor pages
     * @description Trainers only. The caller’s bookings of the seven days from `week` (a Monday, America/Santiago), in cursor pages. 422 when `week` is not a Monday.
     */
    get: operations['getMyCalendar']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/trainer/bookings/{id}/attendance': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Mark attended or no-show once the session started
     * @description Trainers only. From 15 minutes before the start on, marks the booking attended or no-show (it may be corrected later); attendance is what allows a client to review. 404 when it is not the caller’s; 409 when cancelled or too early.
     */
    post: operations['markBookingAttendance']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/trainer/bookings/{id}/cancel': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Cancel a booking (the client is told by mail)
     * @description Trainers only. Cancels a pending or confirmed booking of the caller at any time before the session ends, frees its place and mails the client. 404 when it is not the caller’s; 409 when it is no longer live.
     */
    post: operations['cancelBookingByTrainer']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/trainer/bookings/{id}/confirm': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Confirm a pending booking (the client is told)
     * @description Trainers only. Confirms a pending booking of the caller and mails the client. 404 when it is not the caller’s; 409 when it is not pending.
     */
    post: operations['confirmBooking']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/trainer/clients': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * My clients and pending invitations
     * @description The trainer's clients with their subscriptions, and the pending invitations.
     */
    get: operations['listMyClients']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/trainer/clients/{id}/cancel': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Cancel one of my clients' subscriptions now
     * @description Cancels one of the trainer's clients' subscriptions at once.
     */
    post: operations['cancelClientSubscription']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/trainer/income': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * Income per month: gross, refunded, platform commission, gym share, net
     * @description The trainer's income per month: gross, refunded, platform commission, gym share and net, in CLP.
     */
    get: operations['getMyIncome']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/trainer/invitations': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Invite a client by e-mail to one of my offers (plan limit enforced)
     * @description Mails a client an invitation link to one of the trainer's offers; the plan's client limit applies.
     */
    post: operations['inviteClient']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/trainer/invitations/{id}/revoke': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Withdraw one of my pending invitations
     * @description Withdraws a pending invitation: its link stops working.
     */
    post: operations['revokeInvitation']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/trainer/ledger.csv': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * The entries of my own ledger account as CSV
     * @description The entries of the trainer's own ledger account (payment shares, refunds and chargebacks taken back, payouts and what came back from them), each described in a sentence; no other account's entries. Headers and states are in the reader's language: the first `es` or `en` of Accept-Language (the web sends the screen's), else the account's stored language. Dates and times are on Chile's clock with their offset (2026-11-23T21:07:00-03:00), and the file name (Content-Disposition) is dated on the same clock.
     */
    get: operations['exportMyLedgerCsv']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/trainer/offers': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * My offers
     * @description The signed-in trainer's offers to clients, active and retired.
     */
    get: operations['listMyOffers']
    put?: never
    /**
     * Create an offer (eligible trainer)
     * @description Creates an offer (name, monthly price in CLP) that clients can be invited to; the trainer needs an active subscription and payout account.
     */
    post: operations['createOffer']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/trainer/offers/{id}': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    /**
     * Edit one of my offers; a new price applies to new subscriptions
     * @description Edits one of the trainer's offers; a new price applies to new subscriptions only.
     */
    patch: operations['updateOffer']
    trace?: never
  }
  '/api/v1/trainer/offers/{id}/retire': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Retire one of my offers (pending invitations to it are revoked)
     * @description Stops offering it: pending invitations to it are revoked; running subscriptions go on.
     */
    post: operations['retireOffer']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/trainer/payments': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * My clients' payments (stored split, refunds)
     * @description Payments of the trainer's clients with the split stored when each was paid, and their refunds.
     */
    get: operations['listMyPayments']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/trainer/payments.csv': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * My payments as CSV
     * @description The trainer's payments of the period as a CSV file. Headers and states are in the reader's language: the first `es` or `en` of Accept-Language (the web sends the screen's), else the account's stored language. Dates and times are on Chile's clock with their offset (2026-11-23T21:07:00-03:00), and the file name (Content-Disposition) is dated on the same clock.
     */
    get: operations['exportMyPaymentsCsv']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/trainer/payments/{id}/refunds': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Refund one of my payments, whole or part
     * @description Refunds one of the trainer's payments, whole or in part; the ledger records it with the stored split.
     */
    post: operations['refundPayment']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/trainer/profile': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * My public profile (created on first read)
     * @description Trainers only (403 for other roles or a trainer account without a trainer record). Returns the caller’s profile, creating it with an address from their name on the first read, with whether it is published and listed and what blocks publishing (subscription or payouts).
     */
    get: operations['getMyTrainerProfile']
    /**
     * Edit my public profile
     * @description Trainers only. Replaces the editable fields (headline, bio, specialisations, tags, city and comuna, modalities, languages, cancellation window; optionally the address slug) and refreshes the search text. 409 `slug: alreadyExists` when another trainer has that address.
     */
    put: operations['updateMyTrainerProfile']
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/trainer/profile/photo': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    /**
     * Upload my photo: the raw JPEG, PNG or WebP (≤ 5 MB) as the body; stored as a 480 px square WebP
     * @description Trainers only. The body is the image itself (Content-Type image/jpeg, image/png or image/webp, at most 5 MB); the real type is read from the bytes and the image is re-encoded without its metadata (EXIF, GPS). 413 over the size limit, 415 when the bytes are not one of those images.
     */
    put: operations['uploadMyTrainerPhoto']
    post?: never
    /**
     * Remove my photo
     * @description Trainers only. Removes the stored photo, so the public profile has none; answers the profile, also when there was no photo.
     */
    delete: operations['deleteMyTrainerPhoto']
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/trainer/profile/publish': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Publish or withdraw my profile; publishing needs the right to charge clients (403 subscription/payouts required)
     * @description Trainers only. `published: true` lists the profile in search and on its public page only if the trainer can charge clients now: 403 with `subscription: required` or `payouts: required` otherwise. `published: false` withdraws it at once.
     */
    post: operations['publishMyTrainerProfile']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/trainer/reviews': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * Reviews of me (trainer), newest first
     * @description Trainers only. Every review of the caller, hidden ones included, with the answers given, in cursor pages.
     */
    get: operations['listMyTrainerReviews']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/trainer/reviews/{id}/reply': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Answer a review of mine, once
     * @description Trainers only. Adds the caller’s public answer to a review of them; an answer cannot be changed. 404 when the review is not of the caller; 409 `reply: alreadyAnswered` when it has an answer.
     */
    post: operations['replyToReview']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/trainer/session-types': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * My session types
     * @description Trainers only. Every session type of the caller, inactive ones included, in one page (nextCursor is always null).
     */
    get: operations['listMySessionTypes']
    put?: never
    /**
     * Add a session type (duration, capacity 1 = one-to-one)
     * @description Trainers only. Adds a bookable kind of session: name, duration in minutes, capacity (1 = one-to-one, more = a group). 409 `sessionTypes: limitReached` past the limit per trainer.
     */
    post: operations['createSessionType']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/trainer/session-types/{id}': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    /**
     * Edit one of my session types (booked sessions keep theirs)
     * @description Trainers only. Replaces the fields of one of the caller’s session types; sessions already booked keep the duration and capacity they were booked with. 404 when the type is not the caller’s.
     */
    put: operations['updateSessionType']
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/trainer/weekly-hours': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * My weekly hours (America/Santiago wall time)
     * @description Trainers only. The ranges of each weekday in which the caller takes bookings, as minutes after midnight in America/Santiago.
     */
    get: operations['getMyWeeklyHours']
    /**
     * Replace my weekly hours
     * @description Trainers only. Replaces all weekly ranges at once; existing bookings are kept. 422 when two ranges of one day overlap.
     */
    put: operations['setMyWeeklyHours']
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/trainers': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * Search published trainers: Spanish full text (accents ignored), filters, cursor pages
     * @description Public, rate-limited per address. Only published trainers who can charge clients now. `q` is Spanish full text (accents and case ignored); filters by city, specialisation, modality and highest price in CLP; sorted by relevance, rating or price. 422 for an unknown filter value or a cursor that is not one of ours.
     */
    get: operations['searchTrainers']
    put?: never
    /**
     * Add a trainer (no login account) to the owner’s gym
     * @description Adds a trainer without a login account to the owner's gym; the plan's trainer limit applies.
     */
    post: operations['createTrainer']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/trainers/{id}': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    /**
     * Update a trainer of the owner’s gym
     * @description Replaces the fields of a trainer of the owner's gym.
     */
    put: operations['updateTrainer']
    post?: never
    /**
     * Delete a trainer of the owner’s gym (and the login account created for it)
     * @description Deletes a trainer of the owner's gym, and the login account created with it.
     */
    delete: operations['deleteTrainer']
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/trainers/{trainerId}/bookings': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * A trainer's week, for the trainer or the owner of the trainer's gym
     * @description Signed in: the trainer themself or the owner of the trainer’s gym (403 for anyone else). The same week view as the trainer’s own. 404 for an unknown trainer.
     */
    get: operations['getTrainerCalendar']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/trainers/{trainerId}/offers': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * A trainer's active offers (no auth)
     * @description A trainer's active offers, for their public page.
     */
    get: operations['listTrainerOffers']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/trainers/{trainerId}/photo': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * A trainer photo (WebP); with ?v= it is cacheable for a year
     * @description Public, no token. Answers the stored WebP of the trainer; with the current version as `v` it may be cached for a year, else for a minute. 404 when the trainer has no photo.
     */
    get: operations['getTrainerPhoto']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/trainers/{trainerId}/profile': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * A published trainer profile, by trainer id or slug
     * @description Public. Looks a trainer up by id or address slug. 404 when there is no such published trainer, or when the trainer can no longer charge clients (the profile then also leaves search).
     */
    get: operations['getTrainerProfile']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/trainers/{trainerId}/review': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * My review of this trainer (client)
     * @description Clients only (role member). The caller’s review of a published trainer, to edit it. 404 `review: notFound` when there is none yet, or the trainer is not published.
     */
    get: operations['getMyReview']
    /**
     * Write (201) or edit (200) my one review of this trainer: 1–5 stars and text; only after attending a session
     * @description Clients only, and only after attending at least one session of the trainer (403 `review: notAttended`). One review per client and trainer, enforced by the database: the first call creates it (201), later ones replace stars and text (200); the average is updated at once. 404 when the trainer is not published.
     */
    put: operations['saveMyReview']
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/trainers/{trainerId}/reviews': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * A published trainer's visible reviews with the average, newest first (cursor pages)
     * @description Public, rate-limited per address. The reviews operators have not hidden, with the trainer’s average and count, and the trainer’s answers. 404 when the trainer is not published; 422 for a cursor that is not one of ours.
     */
    get: operations['listTrainerReviews']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/trainers/{trainerId}/slots': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * Open times of a published trainer between two Santiago days (at most 31)
     * @description Public, rate-limited per address. The trainer’s active session types and the times still free from `from` to `to` (Santiago days, at most 31), after weekly hours, days off and booked places. 404 when the trainer is not published; 422 for a bad range.
     */
    get: operations['listTrainerSlots']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/trainers/by-user/{userId}/onboarding-status': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * Whether your payout onboarding is complete
     * @description Whether the caller (userId) completed payout onboarding with the payment provider.
     */
    get: operations['getPayoutOnboardingStatus']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/trainers/with-user': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    get?: never
    put?: never
    /**
     * Add a trainer with a login account; an empty password is generated and returned once as generatedPassword
     * @description Adds a trainer and their login account to the owner's gym. Without a password one is generated and answered once as generatedPassword; the plan's trainer limit applies.
     */
    post: operations['createTrainerWithUser']
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
  '/api/v1/users/by-email': {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    /**
     * Whether an e-mail is registered (no auth, rate-limited)
     * @description Tells whether an e-mail belongs to an account (id and isActive), so that sign-up can say it is already registered; 404 with errors.email = notFound otherwise. Rate-limited per address.
     */
    get: operations['lookupUserByEmail']
    put?: never
    post?: never
    delete?: never
    options?: never
    head?: never
    patch?: never
    trace?: never
  }
}
export type webhooks = Record<string, never>
export interface components {
  schemas: {
    /** @description Every error answer: status, a readable message, and one code per field on validation errors. */
    ApiError: {
      /** @enum {string} */
      code?:
        | 'databaseUnavailable'
        | 'databaseTimeout'
        | 'storageFull'
        | 'requestTimeout'
        | 'idempotencyKeyReused'
        | 'idempotencyKeyInProgress'
        | 'idempotencyAnswerLost'
      errors?: {
        [key: string]: string
      }
      message: string
      status: number
    }
  }
  responses: never
  parameters: never
  requestBodies: never
  headers: never
  pathItems: never
}
export type $defs = Record<string, never>
export interface operations {
  getHealth: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            /** @enum {string} */
            database: 'up' | 'down'
            /** @enum {string} */
            status: 'ok' | 'error'
            uptime: number
          }
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  getReadiness: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            /** @enum {string} */
            database: 'up' | 'down'
            /** @enum {string} */
            redis: 'up' | 'down' | 'not-configured'
            /** @enum {string} */
            status: 'ready' | 'degraded' | 'not-ready'
            storage?: {
              freeBytes: number | null
              reserveBytes: number
              /** @enum {string} */
              state: 'ok' | 'low'
            }
          }
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Response */
      503: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            /** @enum {string} */
            database: 'up' | 'down'
            /** @enum {string} */
            redis: 'up' | 'down' | 'not-configured'
            /** @enum {string} */
            status: 'ready' | 'degraded' | 'not-ready'
            storage?: {
              freeBytes: number | null
              reserveBytes: number
              /** @enum {string} */
              state: 'ok' | 'low'
            }
          }
        }
      }
    }
  }
  deactivateMyAccount: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': {
          otp?: string
          password?: string
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "closedAt": "2026-12-01T12:00:00.000Z",
           *       "purgeAfter": "2027-03-01T12:00:00.000Z",
           *       "cancelledSubscriptions": 1
           *     }
           */
          'application/json': {
            cancelledSubscriptions: number
            closedAt: string
            /** @enum {boolean} */
            ok: true
            purgeAfter: string
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  sendMyAccountCode: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  listMyConsents: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "document": "terms",
           *           "version": "2025-09-01",
           *           "accepted": true,
           *           "screen": "signup",
           *           "createdAt": "2026-12-01T12:00:00.000Z"
           *         }
           *       ],
           *       "pending": [
           *         "privacy"
           *       ],
           *       "marketing": false
           *     }
           */
          'application/json': {
            data: {
              accepted: boolean
              createdAt: string
              /** @enum {string} */
              document: 'terms' | 'privacy' | 'marketing'
              screen: string
              version: string
            }[]
            marketing: boolean
            pending: ('terms' | 'privacy')[]
          }
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  createMyConsent: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        /**
         * @example {
         *       "document": "marketing",
         *       "accepted": true,
         *       "screen": "account"
         *     }
         */
        'application/json': {
          accepted: boolean
          /** @enum {string} */
          document: 'terms' | 'privacy' | 'marketing'
          /** @default account */
          screen?: string
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "document": "terms",
           *           "version": "2025-09-01",
           *           "accepted": true,
           *           "screen": "signup",
           *           "createdAt": "2026-12-01T12:00:00.000Z"
           *         }
           *       ],
           *       "pending": [
           *         "privacy"
           *       ],
           *       "marketing": false
           *     }
           */
          'application/json': {
            data: {
              accepted: boolean
              createdAt: string
              /** @enum {string} */
              document: 'terms' | 'privacy' | 'marketing'
              screen: string
              version: string
            }[]
            marketing: boolean
            pending: ('terms' | 'privacy')[]
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  exportMyData: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "format": "privacy-export/1",
           *       "generatedAt": "2026-12-01T12:00:00.000Z",
           *       "tables": {
           *         "users": [
           *           {
           *             "id": "8d3c1f0e-5b2a-4c7d-9e61-2f4a8b0c1d3e",
           *             "email": "ana.perez@example.com"
           *           }
           *         ]
           *       }
           *     }
           */
          'application/json': {
            /** @enum {string} */
            format: 'privacy-export/1'
            generatedAt: string
            tables: {
              [key: string]: {
                [key: string]: unknown
              }[]
            }
          }
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  getMyProfile: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "id": "8d3c1f0e-5b2a-4c7d-9e61-2f4a8b0c1d3e",
           *       "email": "ana.perez@example.com",
           *       "firstName": "Ana",
           *       "lastName": "Pérez",
           *       "phone": "+56 9 1234 5678",
           *       "birthDate": "1990-04-02",
           *       "role": "trainer"
           *     }
           */
          'application/json': {
            birthDate: string | null
            email: string
            firstName: string
            id: string
            lastName: string
            phone: string | null
            role: string
          }
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  updateMyProfile: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        /**
         * @example {
         *       "firstName": "Ana María",
         *       "phone": "+56 9 1234 5678"
         *     }
         */
        'application/json': {
          firstName?: string
          lastName?: string
          phone?: string | null
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "id": "8d3c1f0e-5b2a-4c7d-9e61-2f4a8b0c1d3e",
           *       "email": "ana.perez@example.com",
           *       "firstName": "Ana",
           *       "lastName": "Pérez",
           *       "phone": "+56 9 1234 5678",
           *       "birthDate": "1990-04-02",
           *       "role": "trainer"
           *     }
           */
          'application/json': {
            birthDate: string | null
            email: string
            firstName: string
            id: string
            lastName: string
            phone: string | null
            role: string
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  reactivateMyAccount: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        /**
         * @example {
         *       "email": "ana.perez@example.com",
         *       "password": "Secreta#2026"
         *     }
         */
        'application/json': {
          email: string
          otp?: string
          password?: string
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "token": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI4ZDNjIn0.c2lnbmF0dXJl",
           *       "refreshToken": "eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJhMWIyIn0.c2lnbmF0dXJl",
           *       "user": {
           *         "id": "8d3c1f0e-5b2a-4c7d-9e61-2f4a8b0c1d3e",
           *         "email": "ana.perez@example.com",
           *         "firstName": "Ana",
           *         "lastName": "Pérez",
           *         "role": "trainer",
           *         "isActive": true,
           *         "emailVerified": true,
           *         "language": "es",
           *         "createdAt": "2026-03-01T12:00:00.000Z",
           *         "updatedAt": "2026-03-01T12:00:00.000Z"
           *       }
           *     }
           */
          'application/json': {
            refreshToken: string
            token: string
            /**
             * @example {
             *       "id": "8d3c1f0e-5b2a-4c7d-9e61-2f4a8b0c1d3e",
             *       "email": "ana.perez@example.com",
             *       "firstName": "Ana",
             *       "lastName": "Pérez",
             *       "role": "trainer",
             *       "isActive": true,
             *       "emailVerified": true,
             *       "language": "es",
             *       "createdAt": "2026-03-01T12:00:00.000Z",
             *       "updatedAt": "2026-03-01T12:00:00.000Z"
             *     }
             */
            user: {
              createdAt: string
              email: string
              emailVerified: boolean
              firstName: string
              id: string
              isActive: boolean
              /** @enum {string} */
              language: 'es' | 'en'
              lastName: string
              /** @enum {string} */
              role: 'member' | 'trainer' | 'gym_owner' | 'admin' | 'platform_admin'
              updatedAt: string
            }
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  sendReopenCode: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        /**
         * @example {
         *       "email": "ana.perez@example.com"
         *     }
         */
        'application/json': {
          email: string
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  listAuditEntries: {
    parameters: {
      query?: {
        action?: string
        actor?: string
        cursor?: string
        from?: string
        limit?: number
        sort?: 'newest' | 'oldest'
        subjectId?: string
        subjectType?: string
        to?: string
      }
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            data: {
              action: string
              actor: {
                email: string | null
                id: string | null
                role: string | null
              }
              actorRef: {
                name: string
                page: {
                  id: string
                  /** @enum {string} */
                  kind: 'trainer' | 'gym' | 'lead'
                } | null
              } | null
              after: unknown
              at: string
              before: unknown
              id: string
              ip: string | null
              reason: string | null
              subjectId: string | null
              subjectRef: {
                name: string
                page: {
                  id: string
                  /** @enum {string} */
                  kind: 'trainer' | 'gym' | 'lead'
                } | null
              } | null
              subjectType: string | null
            }[]
            nextCursor: string | null
          }
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  exportAuditLogCsv: {
    parameters: {
      query?: {
        action?: string
        actor?: string
        from?: string
        sort?: 'newest' | 'oldest'
        subjectId?: string
        subjectType?: string
        to?: string
      }
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description Audit entries, one per line (UTF-8, comma-separated, header first) */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example "Fecha","Acción","Quién","Rol","Correo de quién","Objeto","Tipo de objeto","Dirección IP","Motivo","Antes (JSON)","Después (JSON)","Código de acción","ID de quién","ID del objeto","ID"
           *     "2026-11-23T21:07:00-03:00","Cuenta desactivada","Olga Operadora","Operador","ops@example.cl","Ana Pérez","Usuario","203.0.113.7","Fraude con contracargos","{""isActive"":true}","{""isActive"":false}","user.deactivate","2b9f…","5d4c…","7c1e…"
           */
          'text/csv': string
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  getBackupStatus: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            /** @enum {string} */
            database: 'pglite' | 'postgres'
            keepDaily: number
            keepWeekly: number
            last: {
              bytes: number
              error: string | null
              file: string
              /** Format: date-time */
              takenAt: string
              /** @enum {string} */
              trigger: 'nightly' | 'console'
              verified: boolean
            } | null
            running: boolean
            scheduled: boolean
            time: string
            timeZone: string
          }
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  createBackup: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            /** @enum {string} */
            database: 'pglite' | 'postgres'
            keepDaily: number
            keepWeekly: number
            last: {
              bytes: number
              error: string | null
              file: string
              /** Format: date-time */
              takenAt: string
              /** @enum {string} */
              trigger: 'nightly' | 'console'
              verified: boolean
            } | null
            running: boolean
            scheduled: boolean
            time: string
            timeZone: string
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  listBusinesses: {
    parameters: {
      query?: {
        page?: number
        pageSize?: number
        plan?: 'business' | 'enterprise'
        q?: string
      }
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            data: {
              address: string
              centralBilling: {
                commissionRates: {
                  gym: number
                  platform: number
                  trainer: number
                }
                enabled: boolean
                paymentAccountId: string | null
              }
              centralBillingApproval: {
                allowed: boolean
                approvedAt: string | null
                ownerEmailVerified: boolean
              }
              createdAt: string
              gym: {
                city: string
                id: string
                name: string
              } | null
              id: string
              name: string
              owner: {
                email: string
                firstName: string
                id: string
                lastName: string
              }
              phone: string | null
              /** @enum {string} */
              subscriptionPlan: 'business' | 'enterprise'
              trainers: {
                count: number
                limit: number
              }
              website: string | null
            }[]
            page: number
            pageSize: number
            total: number
          }
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  getBusiness: {
    parameters: {
      query?: never
      header?: never
      path: {
        id: string
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            address: string
            centralBilling: {
              commissionRates: {
                gym: number
                platform: number
                trainer: number
              }
              enabled: boolean
              paymentAccountId: string | null
            }
            centralBillingApproval: {
              allowed: boolean
              approvedAt: string | null
              ownerEmailVerified: boolean
            }
            createdAt: string
            gym: {
              city: string
              id: string
              name: string
            } | null
            history: {
              action: string
              actor: {
                email: string | null
                id: string | null
                role: string | null
              }
              actorRef: {
                name: string
                page: {
                  id: string
                  /** @enum {string} */
                  kind: 'trainer' | 'gym' | 'lead'
                } | null
              } | null
              after: unknown
              at: string
              before: unknown
              id: string
              ip: string | null
              reason: string | null
              subjectId: string | null
              subjectRef: {
                name: string
                page: {
                  id: string
                  /** @enum {string} */
                  kind: 'trainer' | 'gym' | 'lead'
                } | null
              } | null
              subjectType: string | null
            }[]
            id: string
            name: string
            owner: {
              email: string
              firstName: string
              id: string
              lastName: string
            }
            phone: string | null
            /** @enum {string} */
            subscriptionPlan: 'business' | 'enterprise'
            trainers: {
              count: number
              limit: number
            }
            website: string | null
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  updateBusiness: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path: {
        id: string
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': {
          commissionRates?: {
            gym: number
            platform: number
            trainer: number
          }
          reason: string
          /** @enum {string} */
          subscriptionPlan?: 'business' | 'enterprise'
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            address: string
            centralBilling: {
              commissionRates: {
                gym: number
                platform: number
                trainer: number
              }
              enabled: boolean
              paymentAccountId: string | null
            }
            centralBillingApproval: {
              allowed: boolean
              approvedAt: string | null
              ownerEmailVerified: boolean
            }
            createdAt: string
            gym: {
              city: string
              id: string
              name: string
            } | null
            id: string
            name: string
            owner: {
              email: string
              firstName: string
              id: string
              lastName: string
            }
            phone: string | null
            /** @enum {string} */
            subscriptionPlan: 'business' | 'enterprise'
            trainers: {
              count: number
              limit: number
            }
            website: string | null
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  updateBusinessCentralBilling: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path: {
        id: string
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': {
          approved: boolean
          reason: string
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            address: string
            centralBilling: {
              commissionRates: {
                gym: number
                platform: number
                trainer: number
              }
              enabled: boolean
              paymentAccountId: string | null
            }
            centralBillingApproval: {
              allowed: boolean
              approvedAt: string | null
              ownerEmailVerified: boolean
            }
            createdAt: string
            gym: {
              city: string
              id: string
              name: string
            } | null
            id: string
            name: string
            owner: {
              email: string
              firstName: string
              id: string
              lastName: string
            }
            phone: string | null
            /** @enum {string} */
            subscriptionPlan: 'business' | 'enterprise'
            trainers: {
              count: number
              limit: number
            }
            website: string | null
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  listLeads: {
    parameters: {
      query?: {
        cursor?: string
        from?: string
        limit?: number
        q?: string
        sort?: 'newest' | 'oldest'
        status?: 'new' | 'contacted' | 'activated' | 'discarded'
        to?: string
      }
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            data: {
              city: string | null
              content: string
              createdAt: string
              email: string
              id: string
              name: string | null
              phone: string | null
              /** @enum {string} */
              status: 'new' | 'contacted' | 'activated' | 'discarded'
              statusChangedAt: string | null
              subject: string
              title: string
            }[]
            nextCursor: string | null
          }
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  getLead: {
    parameters: {
      query?: never
      header?: never
      path: {
        id: string
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            city: string | null
            content: string
            createdAt: string
            email: string
            history: {
              actor: {
                email: string | null
                id: string | null
                role: string | null
              }
              at: string
              /** @enum {string} */
              from: 'new' | 'contacted' | 'activated' | 'discarded'
              id: string
              note: string | null
              /** @enum {string} */
              to: 'new' | 'contacted' | 'activated' | 'discarded'
            }[]
            id: string
            name: string | null
            phone: string | null
            /** @enum {string} */
            status: 'new' | 'contacted' | 'activated' | 'discarded'
            statusChangedAt: string | null
            subject: string
            title: string
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  updateLead: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path: {
        id: string
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': {
          note?: string
          /** @enum {string} */
          status?: 'new' | 'contacted' | 'activated' | 'discarded'
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            city: string | null
            content: string
            createdAt: string
            email: string
            history: {
              actor: {
                email: string | null
                id: string | null
                role: string | null
              }
              at: string
              /** @enum {string} */
              from: 'new' | 'contacted' | 'activated' | 'discarded'
              id: string
              note: string | null
              /** @enum {string} */
              to: 'new' | 'contacted' | 'activated' | 'discarded'
            }[]
            id: string
            name: string | null
            phone: string | null
            /** @enum {string} */
            status: 'new' | 'contacted' | 'activated' | 'discarded'
            statusChangedAt: string | null
            subject: string
            title: string
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  exportLeadsCsv: {
    parameters: {
      query?: {
        from?: string
        q?: string
        sort?: 'newest' | 'oldest'
        status?: 'new' | 'contacted' | 'activated' | 'discarded'
        to?: string
      }
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description Leads, one per line (UTF-8, comma-separated, header first) */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example "Recibida","Estado","Estado desde","Nombre","Correo","Teléfono","Ciudad","Asunto","Mensaje","ID"
           *     "2026-11-23T21:07:00-03:00","Nueva",,"Ana Pérez","ana@example.com","+56 9 1234 5678","Santiago","Acceso gratuito","…","0f3a…"
           */
          'text/csv': string
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  getLedgerReconciliation: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            last: {
              differenceCount: number
              differences: {
                kind: string
                ledgerClp: number | null
                movement: string
                providerClp: number | null
                providerId: string
              }[]
              from: string
              ledgerMovements: number
              provider: string
              providerMovements: number
              ranAt: string
              ranBy: string
              to: string
            } | null
          }
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  getMoneySummary: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            commission: {
              clp: number
              month: string
            }[]
            commissionTotalClp: number
            flagged: {
              count: number
              data: {
                amountClp: number
                /** @enum {string} */
                flag: 'amount_mismatch' | 'after_cancel'
                paidAt: string
                paymentId: string
                priceClp: number
                trainerName: string
                trainerUserId: string | null
              }[]
            }
            mrr: {
              clients: {
                clp: number
                count: number
              }
              platform: {
                clp: number
                count: number
                unpriced: number
              }
              totalClp: number
            }
            pastDue: {
              count: number
              data: {
                email: string
                /** @enum {string} */
                kind: 'client' | 'platform'
                priceClp: number | null
                since: string
                subscriptionId: string
                trainerName: string | null
                trainerUserId: string | null
                userId: string
              }[]
            }
            trialsEnding: {
              count: number
              data: {
                email: string
                planKey: string
                subscriptionId: string
                trialEndsAt: string
                userId: string
              }[]
            }
          }
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  listLedgerTransactions: {
    parameters: {
      query?: {
        account?: string
        cursor?: string
        from?: string
        kind?: 'payment' | 'refund' | 'dispute' | 'transfer' | 'transfer_reversal' | 'receivable'
        limit?: number
        sort?: 'newest' | 'oldest'
        to?: string
        trainer?: string
        trainerSearch?: string
      }
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            data: {
              amountClp: number
              at: string
              entries: {
                account: string
                amountClp: number
                ref: {
                  name: string
                  page: {
                    id: string
                    /** @enum {string} */
                    kind: 'trainer' | 'gym' | 'lead'
                  } | null
                } | null
              }[]
              id: string
              kind: string
              paymentId: string | null
              platformClp: number
              trainer: {
                name: string
                userId: string | null
              } | null
            }[]
            nextCursor: string | null
          }
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  exportLedgerEntriesCsv: {
    parameters: {
      query?: {
        account?: string
        from?: string
        kind?: 'payment' | 'refund' | 'dispute' | 'transfer' | 'transfer_reversal' | 'receivable'
        sort?: 'newest' | 'oldest'
        to?: string
        trainer?: string
        trainerSearch?: string
      }
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description Ledger entries, one per line (UTF-8, comma-separated, header first) */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example "Fecha","Tipo","Cuenta","Importe (CLP)","Entrenador","Código de cuenta","ID del pago","ID del movimiento"
           *     "2026-11-23T21:07:00-03:00","Pago","Entrenador: Ana Pérez","27000","Ana Pérez","trainer:3c2e…","5f0c…","9b1d…"
           */
          'text/csv': string
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  listReviewsForModeration: {
    parameters: {
      query?: {
        cursor?: string
        limit?: number
        state?: 'all' | 'visible' | 'hidden'
      }
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            data: {
              author: string
              body: string
              clientEmail: string
              createdAt: string
              hidden: boolean
              hiddenAt: string | null
              hiddenReason: string | null
              id: string
              rating: number
              repliedAt: string | null
              reply: string | null
              trainerId: string
              trainerName: string
              updatedAt: string
            }[]
            nextCursor: string | null
          }
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  hideReview: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path: {
        id: string
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': {
          reason: string
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            author: string
            body: string
            clientEmail: string
            createdAt: string
            hidden: boolean
            hiddenAt: string | null
            hiddenReason: string | null
            id: string
            rating: number
            repliedAt: string | null
            reply: string | null
            trainerId: string
            trainerName: string
            updatedAt: string
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  unhideReview: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path: {
        id: string
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': {
          reason: string
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            author: string
            body: string
            clientEmail: string
            createdAt: string
            hidden: boolean
            hiddenAt: string | null
            hiddenReason: string | null
            id: string
            rating: number
            repliedAt: string | null
            reply: string | null
            trainerId: string
            trainerName: string
            updatedAt: string
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  getSystemStatus: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            database: {
              /** @enum {string} */
              kind: 'pglite' | 'postgres'
              /** @enum {string} */
              state: 'up' | 'down'
            }
            /** @enum {string} */
            redis: 'up' | 'down' | 'not-configured'
            storage: {
              freeBytes: number | null
              reserveBytes: number
              /** @enum {string} */
              state: 'ok' | 'low'
            } | null
          }
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  listTrainerAccounts: {
    parameters: {
      query?: {
        active?: 'true' | 'false'
        cursor?: string
        from?: string
        limit?: number
        payout?: 'not_started' | 'pending' | 'complete'
        plan?: 'starter' | 'growth' | 'pro' | 'business'
        q?: string
        sort?: 'newest' | 'oldest'
        subscription?: 'trial' | 'active' | 'past_due' | 'cancelled' | 'none'
        to?: string
      }
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            data: {
              clients: {
                active: number
                limit: number | null
              }
              email: string
              firstName: string
              gym: {
                id: string
                name: string
              } | null
              id: string
              isActive: boolean
              lastName: string
              /** @enum {string} */
              payout: 'not_started' | 'pending' | 'complete'
              plan: {
                /** @enum {string} */
                key: 'starter' | 'growth' | 'pro' | 'business'
                title: string
              } | null
              signedUpAt: string
              subscription: {
                cancelAtPeriodEnd: boolean
                currentPeriodEnd: string | null
                providerStatus: string | null
                /** @enum {string} */
                state: 'trial' | 'active' | 'past_due' | 'cancelled' | 'none'
                trialEndsAt: string | null
              }
            }[]
            nextCursor: string | null
          }
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  getTrainerAccount: {
    parameters: {
      query?: never
      header?: never
      path: {
        id: string
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            clients: {
              active: number
              limit: number | null
            }
            email: string
            firstName: string
            gym: {
              id: string
              name: string
            } | null
            history: {
              action: string
              actor: {
                email: string | null
                id: string | null
                role: string | null
              } | null
              actorRef: {
                name: string
                page: {
                  id: string
                  /** @enum {string} */
                  kind: 'trainer' | 'gym' | 'lead'
                } | null
              } | null
              after: unknown
              at: string
              before: unknown
              ip: string | null
              reason: string | null
              /** @enum {string} */
              source: 'audit' | 'subscription'
            }[]
            id: string
            isActive: boolean
            lastName: string
            /** @enum {string} */
            payout: 'not_started' | 'pending' | 'complete'
            plan: {
              /** @enum {string} */
              key: 'starter' | 'growth' | 'pro' | 'business'
              title: string
            } | null
            signedUpAt: string
            subscription: {
              cancelAtPeriodEnd: boolean
              currentPeriodEnd: string | null
              providerStatus: string | null
              /** @enum {string} */
              state: 'trial' | 'active' | 'past_due' | 'cancelled' | 'none'
              trialEndsAt: string | null
            }
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  deactivateTrainerAccount: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path: {
        id: string
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': {
          reason: string
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            clients: {
              active: number
              limit: number | null
            }
            email: string
            firstName: string
            gym: {
              id: string
              name: string
            } | null
            id: string
            isActive: boolean
            lastName: string
            /** @enum {string} */
            payout: 'not_started' | 'pending' | 'complete'
            plan: {
              /** @enum {string} */
              key: 'starter' | 'growth' | 'pro' | 'business'
              title: string
            } | null
            signedUpAt: string
            subscription: {
              cancelAtPeriodEnd: boolean
              currentPeriodEnd: string | null
              providerStatus: string | null
              /** @enum {string} */
              state: 'trial' | 'active' | 'past_due' | 'cancelled' | 'none'
              trialEndsAt: string | null
            }
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  reactivateTrainerAccount: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path: {
        id: string
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': {
          reason: string
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            clients: {
              active: number
              limit: number | null
            }
            email: string
            firstName: string
            gym: {
              id: string
              name: string
            } | null
            id: string
            isActive: boolean
            lastName: string
            /** @enum {string} */
            payout: 'not_started' | 'pending' | 'complete'
            plan: {
              /** @enum {string} */
              key: 'starter' | 'growth' | 'pro' | 'business'
              title: string
            } | null
            signedUpAt: string
            subscription: {
              cancelAtPeriodEnd: boolean
              currentPeriodEnd: string | null
              providerStatus: string | null
              /** @enum {string} */
              state: 'trial' | 'active' | 'past_due' | 'cancelled' | 'none'
              trialEndsAt: string | null
            }
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  resendTrainerMail: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path: {
        id: string
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          kind: 'welcome' | 'password_set'
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            /** @enum {string} */
            kind: 'welcome' | 'password_set'
            /** @enum {boolean} */
            ok: true
            to: string
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  loginToBusiness: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        /**
         * @example {
         *       "email": "ana.perez@example.com",
         *       "password": "Secreta#2026"
         *     }
         */
        'application/json': {
          email: string
          password: string
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "token": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI4ZDNjIn0.c2lnbmF0dXJl",
           *       "refreshToken": "eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJhMWIyIn0.c2lnbmF0dXJl",
           *       "user": {
           *         "id": "8d3c1f0e-5b2a-4c7d-9e61-2f4a8b0c1d3e",
           *         "email": "ana.perez@example.com",
           *         "firstName": "Ana",
           *         "lastName": "Pérez",
           *         "role": "trainer",
           *         "isActive": true,
           *         "emailVerified": true,
           *         "language": "es",
           *         "createdAt": "2026-03-01T12:00:00.000Z",
           *         "updatedAt": "2026-03-01T12:00:00.000Z"
           *       }
           *     }
           */
          'application/json': {
            refreshToken: string
            token: string
            /**
             * @example {
             *       "id": "8d3c1f0e-5b2a-4c7d-9e61-2f4a8b0c1d3e",
             *       "email": "ana.perez@example.com",
             *       "firstName": "Ana",
             *       "lastName": "Pérez",
             *       "role": "trainer",
             *       "isActive": true,
             *       "emailVerified": true,
             *       "language": "es",
             *       "createdAt": "2026-03-01T12:00:00.000Z",
             *       "updatedAt": "2026-03-01T12:00:00.000Z"
             *     }
             */
            user: {
              createdAt: string
              email: string
              emailVerified: boolean
              firstName: string
              id: string
              isActive: boolean
              /** @enum {string} */
              language: 'es' | 'en'
              lastName: string
              /** @enum {string} */
              role: 'member' | 'trainer' | 'gym_owner' | 'admin' | 'platform_admin'
              updatedAt: string
            }
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  registerBusiness: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': {
          businessAddress: string
          businessName: string
          businessPhone?: string | null
          businessWebsite?: string | null
          email: string
          firstName: string
          /** @enum {string} */
          language?: 'es' | 'en'
          lastName: string
          password: string
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            business: {
              address: string
              centralBilling: {
                commissionRates: {
                  gym: number
                  platform: number
                  trainer: number
                }
                enabled: boolean
                paymentAccountId: string | null
              }
              id: string
              name: string
              phone: string | null
              /** @enum {string} */
              subscriptionPlan: 'business' | 'enterprise'
              website: string | null
            }
            refreshToken: string
            token: string
            /**
             * @example {
             *       "id": "8d3c1f0e-5b2a-4c7d-9e61-2f4a8b0c1d3e",
             *       "email": "ana.perez@example.com",
             *       "firstName": "Ana",
             *       "lastName": "Pérez",
             *       "role": "trainer",
             *       "isActive": true,
             *       "emailVerified": true,
             *       "language": "es",
             *       "createdAt": "2026-03-01T12:00:00.000Z",
             *       "updatedAt": "2026-03-01T12:00:00.000Z"
             *     }
             */
            user: {
              createdAt: string
              email: string
              emailVerified: boolean
              firstName: string
              id: string
              isActive: boolean
              /** @enum {string} */
              language: 'es' | 'en'
              lastName: string
              /** @enum {string} */
              role: 'member' | 'trainer' | 'gym_owner' | 'admin' | 'platform_admin'
              updatedAt: string
            }
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  sendClientSignInCode: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        /**
         * @example {
         *       "email": "ana.perez@example.com"
         *     }
         */
        'application/json': {
          email: string
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "resendAfterSeconds": 120,
           *       "expiresInSeconds": 600
           *     }
           */
          'application/json': {
            expiresInSeconds: number
            /** @enum {boolean} */
            ok: true
            resendAfterSeconds: number
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  loginWithClientCode: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        /**
         * @example {
         *       "email": "ana.perez@example.com",
         *       "otp": "482913"
         *     }
         */
        'application/json': {
          email: string
          otp: string
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "token": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI4ZDNjIn0.c2lnbmF0dXJl",
           *       "refreshToken": "eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJhMWIyIn0.c2lnbmF0dXJl",
           *       "user": {
           *         "id": "8d3c1f0e-5b2a-4c7d-9e61-2f4a8b0c1d3e",
           *         "email": "ana.perez@example.com",
           *         "firstName": "Ana",
           *         "lastName": "Pérez",
           *         "role": "trainer",
           *         "isActive": true,
           *         "emailVerified": true,
           *         "language": "es",
           *         "createdAt": "2026-03-01T12:00:00.000Z",
           *         "updatedAt": "2026-03-01T12:00:00.000Z"
           *       }
           *     }
           */
          'application/json': {
            refreshToken: string
            token: string
            /**
             * @example {
             *       "id": "8d3c1f0e-5b2a-4c7d-9e61-2f4a8b0c1d3e",
             *       "email": "ana.perez@example.com",
             *       "firstName": "Ana",
             *       "lastName": "Pérez",
             *       "role": "trainer",
             *       "isActive": true,
             *       "emailVerified": true,
             *       "language": "es",
             *       "createdAt": "2026-03-01T12:00:00.000Z",
             *       "updatedAt": "2026-03-01T12:00:00.000Z"
             *     }
             */
            user: {
              createdAt: string
              email: string
              emailVerified: boolean
              firstName: string
              id: string
              isActive: boolean
              /** @enum {string} */
              language: 'es' | 'en'
              lastName: string
              /** @enum {string} */
              role: 'member' | 'trainer' | 'gym_owner' | 'admin' | 'platform_admin'
              updatedAt: string
            }
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  confirmEmailChange: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': {
          token: string
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            email: string
            /** @enum {boolean} */
            ok: true
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  loginWithEmail: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        /**
         * @example {
         *       "email": "ana.perez@example.com",
         *       "password": "Secreta#2026"
         *     }
         */
        'application/json': {
          email: string
          password: string
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "token": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI4ZDNjIn0.c2lnbmF0dXJl",
           *       "refreshToken": "eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJhMWIyIn0.c2lnbmF0dXJl",
           *       "user": {
           *         "id": "8d3c1f0e-5b2a-4c7d-9e61-2f4a8b0c1d3e",
           *         "email": "ana.perez@example.com",
           *         "firstName": "Ana",
           *         "lastName": "Pérez",
           *         "role": "trainer",
           *         "isActive": true,
           *         "emailVerified": true,
           *         "language": "es",
           *         "createdAt": "2026-03-01T12:00:00.000Z",
           *         "updatedAt": "2026-03-01T12:00:00.000Z"
           *       }
           *     }
           */
          'application/json': {
            refreshToken: string
            token: string
            /**
             * @example {
             *       "id": "8d3c1f0e-5b2a-4c7d-9e61-2f4a8b0c1d3e",
             *       "email": "ana.perez@example.com",
             *       "firstName": "Ana",
             *       "lastName": "Pérez",
             *       "role": "trainer",
             *       "isActive": true,
             *       "emailVerified": true,
             *       "language": "es",
             *       "createdAt": "2026-03-01T12:00:00.000Z",
             *       "updatedAt": "2026-03-01T12:00:00.000Z"
             *     }
             */
            user: {
              createdAt: string
              email: string
              emailVerified: boolean
              firstName: string
              id: string
              isActive: boolean
              /** @enum {string} */
              language: 'es' | 'en'
              lastName: string
              /** @enum {string} */
              role: 'member' | 'trainer' | 'gym_owner' | 'admin' | 'platform_admin'
              updatedAt: string
            }
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  sendSignupCode: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        /**
         * @example {
         *       "email": "ana.perez@example.com"
         *     }
         */
        'application/json': {
          email: string
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "resendAfterSeconds": 120,
           *       "expiresInSeconds": 600
           *     }
           */
          'application/json': {
            expiresInSeconds: number
            /** @enum {boolean} */
            ok: true
            resendAfterSeconds: number
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  resendSignupCode: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        /**
         * @example {
         *       "email": "ana.perez@example.com"
         *     }
         */
        'application/json': {
          email: string
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "resendAfterSeconds": 120,
           *       "expiresInSeconds": 600
           *     }
           */
          'application/json': {
            expiresInSeconds: number
            /** @enum {boolean} */
            ok: true
            resendAfterSeconds: number
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  verifySignupCode: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        /**
         * @example {
         *       "email": "ana.perez@example.com",
         *       "otp": "482913"
         *     }
         */
        'application/json': {
          email: string
          otp: string
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "verified": true,
           *       "verificationToken": "vt_6f1e2d3c4b5a69788796a5b4c3d2e1f0",
           *       "verificationTokenExpiresAt": "2026-03-01T12:30:00.000Z"
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true
            verificationToken: string
            verificationTokenExpiresAt: string
            /** @enum {boolean} */
            verified: true
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  registerMember: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        /**
         * @example {
         *       "email": "ana.perez@example.com",
         *       "password": "Secreta#2026",
         *       "firstName": "Ana",
         *       "lastName": "Pérez",
         *       "userType": "member",
         *       "birthDate": "1990-04-02",
         *       "verificationToken": "vt_6f1e2d3c4b5a69788796a5b4c3d2e1f0"
         *     }
         */
        'application/json': {
          /** Format: date */
          birthDate: string
          email: string
          firstName: string
          /** @enum {string} */
          language?: 'es' | 'en'
          lastName: string
          password: string
          /** @enum {string} */
          userType: 'member'
          verificationToken: string
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "id": "8d3c1f0e-5b2a-4c7d-9e61-2f4a8b0c1d3e",
           *       "signupToken": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI4ZDNjIiwidHlwIjoic2lnbnVwIn0.c2ln",
           *       "signupTokenExpiresAt": "2026-03-02T12:00:00.000Z"
           *     }
           */
          'application/json': {
            id: string
            signupToken: string
            signupTokenExpiresAt: string
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  confirmEmailVerification: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': {
          otp: string
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "id": "8d3c1f0e-5b2a-4c7d-9e61-2f4a8b0c1d3e",
           *       "email": "ana.perez@example.com",
           *       "firstName": "Ana",
           *       "lastName": "Pérez",
           *       "role": "trainer",
           *       "isActive": true,
           *       "emailVerified": true,
           *       "language": "es",
           *       "createdAt": "2026-03-01T12:00:00.000Z",
           *       "updatedAt": "2026-03-01T12:00:00.000Z"
           *     }
           */
          'application/json': {
            createdAt: string
            email: string
            emailVerified: boolean
            firstName: string
            id: string
            isActive: boolean
            /** @enum {string} */
            language: 'es' | 'en'
            lastName: string
            /** @enum {string} */
            role: 'member' | 'trainer' | 'gym_owner' | 'admin' | 'platform_admin'
            updatedAt: string
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  sendEmailVerificationCode: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "resendAfterSeconds": 120,
           *       "expiresInSeconds": 600
           *     }
           */
          'application/json': {
            expiresInSeconds: number
            /** @enum {boolean} */
            ok: true
            resendAfterSeconds: number
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  requestPasswordReset: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': {
          email: string
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            message: string
            /** @enum {boolean} */
            ok: true
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  logout: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  logoutAllSessions: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  getMe: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "id": "8d3c1f0e-5b2a-4c7d-9e61-2f4a8b0c1d3e",
           *       "email": "ana.perez@example.com",
           *       "firstName": "Ana",
           *       "lastName": "Pérez",
           *       "role": "trainer",
           *       "isActive": true,
           *       "emailVerified": true,
           *       "language": "es",
           *       "createdAt": "2026-03-01T12:00:00.000Z",
           *       "updatedAt": "2026-03-01T12:00:00.000Z"
           *     }
           */
          'application/json': {
            createdAt: string
            email: string
            emailVerified: boolean
            firstName: string
            id: string
            isActive: boolean
            /** @enum {string} */
            language: 'es' | 'en'
            lastName: string
            /** @enum {string} */
            role: 'member' | 'trainer' | 'gym_owner' | 'admin' | 'platform_admin'
            updatedAt: string
          }
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  refreshTokens: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "token": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI4ZDNjIn0.c2lnbmF0dXJl",
           *       "refreshToken": "eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJhMWIyIn0.c2lnbmF0dXJl"
           *     }
           */
          'application/json': {
            refreshToken: string
            token: string
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  resetPassword: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': {
          hash: string
          password: string
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  completeSignup: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "session": null
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true
            session: {
              refreshToken: string
              token: string
              /**
               * @example {
               *       "id": "8d3c1f0e-5b2a-4c7d-9e61-2f4a8b0c1d3e",
               *       "email": "ana.perez@example.com",
               *       "firstName": "Ana",
               *       "lastName": "Pérez",
               *       "role": "trainer",
               *       "isActive": true,
               *       "emailVerified": true,
               *       "language": "es",
               *       "createdAt": "2026-03-01T12:00:00.000Z",
               *       "updatedAt": "2026-03-01T12:00:00.000Z"
               *     }
               */
              user: {
                createdAt: string
                email: string
                emailVerified: boolean
                firstName: string
                id: string
                isActive: boolean
                /** @enum {string} */
                language: 'es' | 'en'
                lastName: string
                /** @enum {string} */
                role: 'member' | 'trainer' | 'gym_owner' | 'admin' | 'platform_admin'
                updatedAt: string
              }
            } | null
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  createBooking: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': {
          /** Format: uuid */
          sessionTypeId: string
          /** Format: date-time */
          startsAt: string
          /** Format: uuid */
          trainerId: string
        }
      }
    }
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            cancellableUntil: string
            cancelledBy: ('client' | 'trainer') | null
            client: {
              firstName: string
              id: string
              lastName: string
            }
            createdAt: string
            endsAt: string
            id: string
            sessionType: {
              capacity: number
              id: string
              name: string
            }
            startsAt: string
            /** @enum {string} */
            state: 'pending' | 'confirmed' | 'cancelled' | 'attended' | 'no_show'
            trainer: {
              firstName: string
              id: string
              lastName: string
              slug: string | null
            }
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  listGymCommissions: {
    parameters: {
      query?: {
        from?: string
        to?: string
      }
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            centralBilling: boolean
            data: {
              grossClp: number
              gymShareClp: number
              month: string
              payments: number
              platformShareClp: number
              trainerId: string
              trainerName: string
              trainerShareClp: number
            }[]
          }
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  exportGymCommissionsCsv: {
    parameters: {
      query?: {
        from?: string
        to?: string
      }
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description Commissions per trainer per month (UTF-8, comma-separated, header first) */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example "Month","Trainer","Payments","Gross (CLP)","Trainer share (CLP)","Gym share (CLP)","Platform commission (CLP)"
           *     "2026-11","Ana Pérez","4","120000","72000","42000","6000"
           */
          'text/csv': string
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  rotateCalendarFeed: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path: {
        kind: 'trainer' | 'client'
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            createdAt: string
            url: string
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  revokeCalendarFeed: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path: {
        kind: 'trainer' | 'client'
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  getCalendarFeed: {
    parameters: {
      query?: never
      header?: never
      path: {
        token: string
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The calendar (iCalendar, UTF-8), one event per booking */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': string
          /**
           * @example BEGIN:VCALENDAR
           *     VERSION:2.0
           *     …
           *     END:VCALENDAR
           */
          'text/calendar': string
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  getClientInvitation: {
    parameters: {
      query?: never
      header?: never
      path: {
        token: string
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            emailHint: string
            expiresAt: string
            offer: {
              description: string
              id: string
              priceClp: number
              sessionsPerMonth: number
              title: string
              trainerId: string
            }
            trainer: {
              firstName: string
              id: string
              lastName: string
            }
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  createClientCheckout: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path: {
        token: string
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': {
          cancelRedirect: string
          successRedirect: string
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            checkoutId: string
            url: string
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  sendInvitationCode: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path: {
        token: string
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "resendAfterSeconds": 120,
           *       "expiresInSeconds": 600
           *     }
           */
          'application/json': {
            expiresInSeconds: number
            /** @enum {boolean} */
            ok: true
            resendAfterSeconds: number
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  confirmClientInvitation: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path: {
        token: string
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': {
          /** Format: date */
          birthDate?: string
          firstName?: string
          lastName?: string
          otp: string
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "token": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI4ZDNjIn0.c2lnbmF0dXJl",
           *       "refreshToken": "eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJhMWIyIn0.c2lnbmF0dXJl",
           *       "user": {
           *         "id": "8d3c1f0e-5b2a-4c7d-9e61-2f4a8b0c1d3e",
           *         "email": "ana.perez@example.com",
           *         "firstName": "Ana",
           *         "lastName": "Pérez",
           *         "role": "trainer",
           *         "isActive": true,
           *         "emailVerified": true,
           *         "language": "es",
           *         "createdAt": "2026-03-01T12:00:00.000Z",
           *         "updatedAt": "2026-03-01T12:00:00.000Z"
           *       }
           *     }
           */
          'application/json': {
            refreshToken: string
            token: string
            /**
             * @example {
             *       "id": "8d3c1f0e-5b2a-4c7d-9e61-2f4a8b0c1d3e",
             *       "email": "ana.perez@example.com",
             *       "firstName": "Ana",
             *       "lastName": "Pérez",
             *       "role": "trainer",
             *       "isActive": true,
             *       "emailVerified": true,
             *       "language": "es",
             *       "createdAt": "2026-03-01T12:00:00.000Z",
             *       "updatedAt": "2026-03-01T12:00:00.000Z"
             *     }
             */
            user: {
              createdAt: string
              email: string
              emailVerified: boolean
              firstName: string
              id: string
              isActive: boolean
              /** @enum {string} */
              language: 'es' | 'en'
              lastName: string
              /** @enum {string} */
              role: 'member' | 'trainer' | 'gym_owner' | 'admin' | 'platform_admin'
              updatedAt: string
            }
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  listMyBookings: {
    parameters: {
      query?: {
        cursor?: string
        limit?: number
        when?: 'upcoming' | 'past'
      }
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            data: {
              cancellableUntil: string
              cancelledBy: ('client' | 'trainer') | null
              client: {
                firstName: string
                id: string
                lastName: string
              }
              createdAt: string
              endsAt: string
              id: string
              sessionType: {
                capacity: number
                id: string
                name: string
              }
              startsAt: string
              /** @enum {string} */
              state: 'pending' | 'confirmed' | 'cancelled' | 'attended' | 'no_show'
              trainer: {
                firstName: string
                id: string
                lastName: string
                slug: string | null
              }
            }[]
            nextCursor: string | null
          }
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  cancelMyBooking: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path: {
        id: string
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            cancellableUntil: string
            cancelledBy: ('client' | 'trainer') | null
            client: {
              firstName: string
              id: string
              lastName: string
            }
            createdAt: string
            endsAt: string
            id: string
            sessionType: {
              capacity: number
              id: string
              name: string
            }
            startsAt: string
            /** @enum {string} */
            state: 'pending' | 'confirmed' | 'cancelled' | 'attended' | 'no_show'
            trainer: {
              firstName: string
              id: string
              lastName: string
              slug: string | null
            }
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  listMySubscriptions: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            data: {
              cancelAtPeriodEnd: boolean
              createdAt: string
              currentPeriodEnd: string | null
              id: string
              offerTitle: string
              priceClp: number
              /** @enum {string} */
              state: 'active' | 'past_due' | 'cancelled'
              trainer: {
                firstName: string
                id: string
                lastName: string
              }
            }[]
          }
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  cancelMySubscription: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path: {
        id: string
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            cancelAtPeriodEnd: boolean
            createdAt: string
            currentPeriodEnd: string | null
            id: string
            offerTitle: string
            priceClp: number
            /** @enum {string} */
            state: 'active' | 'past_due' | 'cancelled'
            trainer: {
              firstName: string
              id: string
              lastName: string
            }
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  createClientPortalSession: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path: {
        id: string
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': {
          returnUrl: string
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            url: string
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  getPayoutAccount: {
    parameters: {
      query?: never
      header?: never
      path: {
        userId: string
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            charges_enabled: boolean
            complete: boolean
            details_submitted: boolean
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  setupPayoutOnboarding: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          country: 'CL'
          email: string
          userId: string
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "onboardingUrl": "https://connect.stripe.com/setup/e/acct_1Q2w3E4r5T6y/a1b2c3"
           *     }
           */
          'application/json': {
            onboardingUrl: string
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  listExercises: {
    parameters: {
      query?: {
        equipment?:
          | 'barbell'
          | 'dumbbell'
          | 'kettlebell'
          | 'ez_bar'
          | 'trap_bar'
          | 'landmine'
          | 'smith_machine'
          | 'machine'
          | 'cable'
          | 'band'
          | 'bench'
          | 'box'
          | 'pull_up_bar'
          | 'parallel_bars'
          | 'suspension'
          | 'medicine_ball'
          | 'ab_wheel'
          | 'foam_roller'
          | 'jump_rope'
          | 'battle_rope'
          | 'sled'
          | 'treadmill'
          | 'bike'
          | 'rower'
          | 'bodyweight'
        limit?: number
        mine?: 'true' | 'false'
        muscle?:
          | 'chest'
          | 'lats'
          | 'upper_back'
          | 'lower_back'
          | 'traps'
          | 'shoulders'
          | 'biceps'
          | 'triceps'
          | 'forearms'
          | 'abs'
          | 'obliques'
          | 'quads'
          | 'hamstrings'
          | 'glutes'
          | 'adductors'
          | 'abductors'
          | 'calves'
        q?: string
      }
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            data: {
              attribution: string | null
              category: string
              cues: string[]
              cuesEn: string[]
              equipment: string[]
              /** Format: uuid */
              id: string
              imageUrl: string | null
              level: string
              nameEn: string
              nameEs: string
              primaryMuscles: string[]
              scope: ('mine' | 'gym') | null
              secondaryMuscles: string[]
              /** @enum {string} */
              source: 'library' | 'import' | 'trainer'
              videoUrl: string | null
            }[]
          }
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  createExercise: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        /**
         * @example {
         *       "nameEs": "Sentadilla con pausa",
         *       "category": "strength",
         *       "level": "intermediate",
         *       "equipment": [
         *         "barbell"
         *       ],
         *       "primaryMuscles": [
         *         "quads",
         *         "glutes"
         *       ],
         *       "cues": [
         *         "Pausa de dos segundos abajo"
         *       ],
         *       "videoUrl": "https://www.youtube.com/watch?v=abcdefghijk"
         *     }
         */
        'application/json': {
          /** @enum {string} */
          category: 'strength' | 'cardio' | 'plyometrics' | 'weightlifting' | 'mobility' | 'stretching'
          /** @default [] */
          cues?: string[]
          equipment: (
            | 'barbell'
            | 'dumbbell'
            | 'kettlebell'
            | 'ez_bar'
            | 'trap_bar'
            | 'landmine'
            | 'smith_machine'
            | 'machine'
            | 'cable'
            | 'band'
            | 'bench'
            | 'box'
            | 'pull_up_bar'
            | 'parallel_bars'
            | 'suspension'
            | 'medicine_ball'
            | 'ab_wheel'
            | 'foam_roller'
            | 'jump_rope'
            | 'battle_rope'
            | 'sled'
            | 'treadmill'
            | 'bike'
            | 'rower'
            | 'bodyweight'
          )[]
          /**
           * @default beginner
           * @enum {string}
           */
          level?: 'beginner' | 'intermediate' | 'advanced'
          nameEn?: string
          nameEs: string
          primaryMuscles: (
            | 'chest'
            | 'lats'
            | 'upper_back'
            | 'lower_back'
            | 'traps'
            | 'shoulders'
            | 'biceps'
            | 'triceps'
            | 'forearms'
            | 'abs'
            | 'obliques'
            | 'quads'
            | 'hamstrings'
            | 'glutes'
            | 'adductors'
            | 'abductors'
            | 'calves'
          )[]
          /** @default [] */
          secondaryMuscles?: (
            | 'chest'
            | 'lats'
            | 'upper_back'
            | 'lower_back'
            | 'traps'
            | 'shoulders'
            | 'biceps'
            | 'triceps'
            | 'forearms'
            | 'abs'
            | 'obliques'
            | 'quads'
            | 'hamstrings'
            | 'glutes'
            | 'adductors'
            | 'abductors'
            | 'calves'
          )[]
          videoUrl?: string | null
        }
      }
    }
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "id": "5b0c7c1e-8f4a-4d2b-9a61-3c2f1e0d9b7a",
           *       "source": "library",
           *       "scope": null,
           *       "nameEs": "Sentadilla búlgara",
           *       "nameEn": "Bulgarian split squat",
           *       "category": "strength",
           *       "level": "intermediate",
           *       "equipment": [
           *         "dumbbell",
           *         "bench"
           *       ],
           *       "primaryMuscles": [
           *         "quads",
           *         "glutes"
           *       ],
           *       "secondaryMuscles": [
           *         "hamstrings",
           *         "adductors"
           *       ],
           *       "cues": [
           *         "Empeine de atrás sobre la banca",
           *         "Baja recto, como en un ascensor",
           *         "Empuja con el talón de adelante"
           *       ],
           *       "cuesEn": [
           *         "Top of your back foot on the bench",
           *         "Go straight down, like an elevator",
           *         "Drive through your front heel"
           *       ],
           *       "videoUrl": null,
           *       "imageUrl": null,
           *       "attribution": null
           *     }
           */
          'application/json': {
            attribution: string | null
            category: string
            cues: string[]
            cuesEn: string[]
            equipment: string[]
            /** Format: uuid */
            id: string
            imageUrl: string | null
            level: string
            nameEn: string
            nameEs: string
            primaryMuscles: string[]
            scope: ('mine' | 'gym') | null
            secondaryMuscles: string[]
            /** @enum {string} */
            source: 'library' | 'import' | 'trainer'
            videoUrl: string | null
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  getExercise: {
    parameters: {
      query?: never
      header?: never
      path: {
        id: string
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "id": "5b0c7c1e-8f4a-4d2b-9a61-3c2f1e0d9b7a",
           *       "source": "library",
           *       "scope": null,
           *       "nameEs": "Sentadilla búlgara",
           *       "nameEn": "Bulgarian split squat",
           *       "category": "strength",
           *       "level": "intermediate",
           *       "equipment": [
           *         "dumbbell",
           *         "bench"
           *       ],
           *       "primaryMuscles": [
           *         "quads",
           *         "glutes"
           *       ],
           *       "secondaryMuscles": [
           *         "hamstrings",
           *         "adductors"
           *       ],
           *       "cues": [
           *         "Empeine de atrás sobre la banca",
           *         "Baja recto, como en un ascensor",
           *         "Empuja con el talón de adelante"
           *       ],
           *       "cuesEn": [
           *         "Top of your back foot on the bench",
           *         "Go straight down, like an elevator",
           *         "Drive through your front heel"
           *       ],
           *       "videoUrl": null,
           *       "imageUrl": null,
           *       "attribution": null
           *     }
           */
          'application/json': {
            attribution: string | null
            category: string
            cues: string[]
            cuesEn: string[]
            equipment: string[]
            /** Format: uuid */
            id: string
            imageUrl: string | null
            level: string
            nameEn: string
            nameEs: string
            primaryMuscles: string[]
            scope: ('mine' | 'gym') | null
            secondaryMuscles: string[]
            /** @enum {string} */
            source: 'library' | 'import' | 'trainer'
            videoUrl: string | null
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  deleteExercise: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path: {
        id: string
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  submitForm: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        /**
         * @example {
         *       "title": "Solicitud de acceso gratuito",
         *       "content": "Nombre: Ana Pérez\nEmail: ana.perez@example.com\nWhatsApp: +56 9 1234 5678\nCiudad: Santiago",
         *       "email": "ana.perez@example.com",
         *       "subject": "Acceso gratuito: Ana Pérez"
         *     }
         */
        'application/json': {
          content: string
          email: string
          subject: string
          title: string
        }
      }
    }
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "id": "0f3a9c2e-7b1d-4e5f-8a6b-9c0d1e2f3a4b"
           *     }
           */
          'application/json': {
            id: string
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  listMyGyms: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            address: string
            city: string
            createdAt: string
            description: string | null
            email: string
            id: string
            isActive: boolean
            name: string
            phone: string
            state: string
            updatedAt: string
            zipCode: string
          }[]
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  createGym: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "Gimnasio Central",
         *       "email": "contacto@gimnasiocentral.cl",
         *       "address": "Av. Providencia 1234",
         *       "city": "Santiago",
         *       "state": "Región Metropolitana",
         *       "zipCode": "7500000",
         *       "phone": "+56 2 2345 6789",
         *       "description": "Musculación y clases grupales"
         *     }
         */
        'application/json': {
          address: string
          city: string
          description?: string | null
          email: string
          isActive?: boolean
          name: string
          phone: string
          state: string
          zipCode: string
        }
      }
    }
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "id": "3c2e7a10-1f4b-4d8e-a9c2-6b5d4e3f2a10",
           *       "name": "Gimnasio Central",
           *       "email": "contacto@gimnasiocentral.cl",
           *       "address": "Av. Providencia 1234",
           *       "city": "Santiago",
           *       "state": "Región Metropolitana",
           *       "zipCode": "7500000",
           *       "phone": "+56 2 2345 6789",
           *       "description": "Musculación y clases grupales",
           *       "isActive": true,
           *       "createdAt": "2026-03-01T12:00:00.000Z",
           *       "updatedAt": "2026-03-01T12:00:00.000Z"
           *     }
           */
          'application/json': {
            address: string
            city: string
            createdAt: string
            description: string | null
            email: string
            id: string
            isActive: boolean
            name: string
            phone: string
            state: string
            updatedAt: string
            zipCode: string
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  updateGym: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path: {
        id: string
      }
      cookie?: never
    }
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "Gimnasio Central",
         *       "email": "contacto@gimnasiocentral.cl",
         *       "address": "Av. Providencia 1234",
         *       "city": "Santiago",
         *       "state": "Región Metropolitana",
         *       "zipCode": "7500000",
         *       "phone": "+56 2 2345 6789",
         *       "description": "Musculación y clases grupales"
         *     }
         */
        'application/json': {
          address: string
          city: string
          description?: string | null
          email: string
          isActive?: boolean
          name: string
          phone: string
          state: string
          zipCode: string
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "id": "3c2e7a10-1f4b-4d8e-a9c2-6b5d4e3f2a10",
           *       "name": "Gimnasio Central",
           *       "email": "contacto@gimnasiocentral.cl",
           *       "address": "Av. Providencia 1234",
           *       "city": "Santiago",
           *       "state": "Región Metropolitana",
           *       "zipCode": "7500000",
           *       "phone": "+56 2 2345 6789",
           *       "description": "Musculación y clases grupales",
           *       "isActive": true,
           *       "createdAt": "2026-03-01T12:00:00.000Z",
           *       "updatedAt": "2026-03-01T12:00:00.000Z"
           *     }
           */
          'application/json': {
            address: string
            city: string
            createdAt: string
            description: string | null
            email: string
            id: string
            isActive: boolean
            name: string
            phone: string
            state: string
            updatedAt: string
            zipCode: string
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  deleteGym: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path: {
        id: string
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  listGymTrainers: {
    parameters: {
      query?: never
      header?: never
      path: {
        id: string
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            createdAt: string
            email: string
            experience: number
            firstName: string
            gym: {
              id: string
              name: string
            } | null
            gymId: string | null
            id: string
            isActive: boolean
            lastName: string
            pendingEmail?: string | null
            phone: string
            specialization: string
            updatedAt: string
            userId: string | null
          }[]
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  getMyGym: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "id": "3c2e7a10-1f4b-4d8e-a9c2-6b5d4e3f2a10",
           *       "name": "Gimnasio Central",
           *       "email": "contacto@gimnasiocentral.cl",
           *       "address": "Av. Providencia 1234",
           *       "city": "Santiago",
           *       "state": "Región Metropolitana",
           *       "zipCode": "7500000",
           *       "phone": "+56 2 2345 6789",
           *       "description": "Musculación y clases grupales",
           *       "isActive": true,
           *       "createdAt": "2026-03-01T12:00:00.000Z",
           *       "updatedAt": "2026-03-01T12:00:00.000Z"
           *     }
           */
          'application/json': {
            address: string
            city: string
            createdAt: string
            description: string | null
            email: string
            id: string
            isActive: boolean
            name: string
            phone: string
            state: string
            updatedAt: string
            zipCode: string
          }
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  receivePaymentWebhook: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path: {
        provider: string
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            duplicate: boolean
            /** @enum {boolean} */
            received: true
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  createBillingPortalSession: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': {
          returnUrl: string
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "url": "https://billing.stripe.com/p/session/test_a1b2c3"
           *     }
           */
          'application/json': {
            url: string
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  receiveStripeWebhook: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            duplicate: boolean
            /** @enum {boolean} */
            received: true
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  getSubscriptionStatus: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            gym: {
              coversPlan: boolean
              name: string
            } | null
            hasActiveSubscription: boolean
            subscription: {
              cancelAtPeriodEnd: boolean
              currentPeriodEnd: string | null
              planId: string
              /** @enum {string} */
              planKey: 'starter' | 'growth' | 'pro' | 'business'
              planTitle: string
              priceClp: number | null
              /** @enum {string} */
              status: 'trialing' | 'active' | 'past_due' | 'unpaid' | 'canceled' | 'incomplete' | 'incomplete_expired' | 'paused'
              trialEnd: string | null
            } | null
          }
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  listPlans: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "data": [
           *         {
           *           "id": "b7e6d5c4-3b2a-4190-8f7e-6d5c4b3a2910",
           *           "key": "starter",
           *           "title": "Starter",
           *           "description": "Para entrenadores que comienzan",
           *           "benefits": [
           *             "Hasta 5 clientes",
           *             "Cobros automáticos",
           *             "App móvil"
           *           ],
           *           "priceUsd": 20,
           *           "priceClp": 19000,
           *           "period": "month",
           *           "clientLimit": 5,
           *           "target": "Entrenadores personales",
           *           "popular": true,
           *           "purchasable": true
           *         }
           *       ]
           *     }
           */
          'application/json': {
            data: {
              benefits: string[]
              clientLimit: number | null
              description: string
              id: string
              /** @enum {string} */
              key: 'starter' | 'growth' | 'pro' | 'business'
              /** @enum {string} */
              period: 'month'
              popular: boolean
              priceClp: number | null
              priceUsd: number | null
              purchasable: boolean
              target: string
              title: string
            }[]
          }
        }
      }
      /** @description Not modified: the catalogue is still the one of the ETag sent in If-None-Match */
      304: {
        headers: {
          [name: string]: unknown
        }
        content?: never
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  verifyCheckout: {
    parameters: {
      query?: never
      header?: never
      path: {
        sessionId: string
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            /** @enum {string} */
            paymentStatus: 'unpaid' | 'paid' | 'no_payment_required'
            /** @enum {string} */
            status: 'open' | 'complete' | 'expired'
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  createSubscriptionCheckout: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': {
          cancelRedirect: string
          customerEmail: string
          planId: string
          /** @enum {string} */
          planKey: 'starter' | 'growth' | 'pro' | 'business'
          successRedirect: string
          userId: string
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "url": "https://checkout.stripe.com/c/pay/cs_test_a1b2c3"
           *     }
           */
          'application/json': {
            url: string
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  listMyAvailabilityExceptions: {
    parameters: {
      query?: {
        cursor?: string
        limit?: number
      }
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            data: {
              day: string
              endMinute: number | null
              id: string
              reason: string
              startMinute: number | null
            }[]
            nextCursor: string | null
          }
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  createAvailabilityException: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': {
          day: string
          /** @default null */
          endMinute?: number | null
          /** @default  */
          reason?: string
          /** @default null */
          startMinute?: number | null
        }
      }
    }
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            day: string
            endMinute: number | null
            id: string
            reason: string
            startMinute: number | null
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  deleteAvailabilityException: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path: {
        id: string
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  getMyCalendar: {
    parameters: {
      query: {
        cursor?: string
        limit?: number
        week: string
      }
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            data: {
              cancellableUntil: string
              cancelledBy: ('client' | 'trainer') | null
              client: {
                firstName: string
                id: string
                lastName: string
              }
              createdAt: string
              endsAt: string
              id: string
              sessionType: {
                capacity: number
                id: string
                name: string
              }
              startsAt: string
              /** @enum {string} */
              state: 'pending' | 'confirmed' | 'cancelled' | 'attended' | 'no_show'
              trainer: {
                firstName: string
                id: string
                lastName: string
                slug: string | null
              }
            }[]
            nextCursor: string | null
          }
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  markBookingAttendance: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path: {
        id: string
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': {
          attended: boolean
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            cancellableUntil: string
            cancelledBy: ('client' | 'trainer') | null
            client: {
              firstName: string
              id: string
              lastName: string
            }
            createdAt: string
            endsAt: string
            id: string
            sessionType: {
              capacity: number
              id: string
              name: string
            }
            startsAt: string
            /** @enum {string} */
            state: 'pending' | 'confirmed' | 'cancelled' | 'attended' | 'no_show'
            trainer: {
              firstName: string
              id: string
              lastName: string
              slug: string | null
            }
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  cancelBookingByTrainer: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path: {
        id: string
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            cancellableUntil: string
            cancelledBy: ('client' | 'trainer') | null
            client: {
              firstName: string
              id: string
              lastName: string
            }
            createdAt: string
            endsAt: string
            id: string
            sessionType: {
              capacity: number
              id: string
              name: string
            }
            startsAt: string
            /** @enum {string} */
            state: 'pending' | 'confirmed' | 'cancelled' | 'attended' | 'no_show'
            trainer: {
              firstName: string
              id: string
              lastName: string
              slug: string | null
            }
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  confirmBooking: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path: {
        id: string
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            cancellableUntil: string
            cancelledBy: ('client' | 'trainer') | null
            client: {
              firstName: string
              id: string
              lastName: string
            }
            createdAt: string
            endsAt: string
            id: string
            sessionType: {
              capacity: number
              id: string
              name: string
            }
            startsAt: string
            /** @enum {string} */
            state: 'pending' | 'confirmed' | 'cancelled' | 'attended' | 'no_show'
            trainer: {
              firstName: string
              id: string
              lastName: string
              slug: string | null
            }
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  listMyClients: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            data: {
              cancelAtPeriodEnd: boolean
              createdAt: string
              email: string
              id: string
              /** @enum {string} */
              kind: 'invitation' | 'subscription'
              name: string | null
              nextChargeAt: string | null
              offerId: string
              offerTitle: string
              priceClp: number
              /** @enum {string} */
              state: 'invited' | 'active' | 'past_due' | 'cancelled'
            }[]
            limit: number
            used: number
          }
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  cancelClientSubscription: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path: {
        id: string
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            cancelAtPeriodEnd: boolean
            createdAt: string
            email: string
            id: string
            /** @enum {string} */
            kind: 'invitation' | 'subscription'
            name: string | null
            nextChargeAt: string | null
            offerId: string
            offerTitle: string
            priceClp: number
            /** @enum {string} */
            state: 'invited' | 'active' | 'past_due' | 'cancelled'
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  getMyIncome: {
    parameters: {
      query?: {
        from?: string
        to?: string
      }
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            data: {
              grossClp: number
              gymShareClp: number
              month: string
              netClp: number
              payments: number
              platformCommissionClp: number
              refundedClp: number
            }[]
          }
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  inviteClient: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': {
          email: string
          /** Format: uuid */
          offerId: string
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            createdAt: string
            email: string
            expiresAt: string
            id: string
            offerId: string
            /** @enum {string} */
            state: 'pending' | 'accepted' | 'revoked' | 'expired'
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  revokeInvitation: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path: {
        id: string
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            createdAt: string
            email: string
            expiresAt: string
            id: string
            offerId: string
            /** @enum {string} */
            state: 'pending' | 'accepted' | 'revoked' | 'expired'
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  exportMyLedgerCsv: {
    parameters: {
      query?: {
        from?: string
        to?: string
      }
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description Entries of my account, one per line (UTF-8, comma-separated, header first) */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example "Fecha","Movimiento","Descripción","Cliente","Oferta","Importe (CLP)","ID del pago"
           *     "2026-11-23T21:07:00-03:00","Pago","Pago de Ana Pérez por «Plan mensual»: $30.000 menos la comisión de la plataforma ($1.500)","ana@example.com","Plan mensual","28500","5f0c…"
           */
          'text/csv': string
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  listMyOffers: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            data: {
              createdAt: string
              description: string
              id: string
              priceClp: number
              retired: boolean
              sessionsPerMonth: number
              title: string
              trainerId: string
            }[]
          }
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  createOffer: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': {
          /** @default  */
          description?: string
          priceClp: number
          sessionsPerMonth: number
          title: string
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            createdAt: string
            description: string
            id: string
            priceClp: number
            retired: boolean
            sessionsPerMonth: number
            title: string
            trainerId: string
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  updateOffer: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path: {
        id: string
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': {
          description?: string
          priceClp?: number
          sessionsPerMonth?: number
          title?: string
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            createdAt: string
            description: string
            id: string
            priceClp: number
            retired: boolean
            sessionsPerMonth: number
            title: string
            trainerId: string
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  retireOffer: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path: {
        id: string
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            createdAt: string
            description: string
            id: string
            priceClp: number
            retired: boolean
            sessionsPerMonth: number
            title: string
            trainerId: string
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  listMyPayments: {
    parameters: {
      query?: {
        from?: string
        to?: string
      }
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            data: {
              amountClp: number
              clientEmail: string
              gymShareClp: number
              id: string
              offerTitle: string
              paidAt: string
              platformShareClp: number
              refundedClp: number
              /** @enum {string} */
              state: 'paid' | 'partially_refunded' | 'refunded' | 'disputed'
              subscriptionId: string
              trainerShareClp: number
            }[]
          }
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  exportMyPaymentsCsv: {
    parameters: {
      query?: {
        from?: string
        to?: string
      }
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description Payments, one per line (UTF-8, comma-separated, header first) */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example "ID del pago","Fecha de pago","Cliente","Oferta","Monto (CLP)","Reembolsado (CLP)","Tu parte (CLP)","Parte del gimnasio (CLP)","Comisión de la plataforma (CLP)","Estado"
           *     "5f0c…","2026-11-23T21:07:00-03:00","ana@example.com","Plan mensual","30000","0","27000","1500","1500","Pagado"
           */
          'text/csv': string
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  refundPayment: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path: {
        id: string
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': {
          amountClp?: number
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            amountClp: number
            clientEmail: string
            gymShareClp: number
            id: string
            offerTitle: string
            paidAt: string
            platformShareClp: number
            refundedClp: number
            /** @enum {string} */
            state: 'paid' | 'partially_refunded' | 'refunded' | 'disputed'
            subscriptionId: string
            trainerShareClp: number
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  getMyTrainerProfile: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            bio: string
            blockedBy: ('subscription' | 'payouts') | null
            cancellationHours: number
            city: string
            comuna: string
            firstName: string
            gym: {
              id: string
              name: string
            } | null
            headline: string
            languages: string[]
            lastName: string
            listed: boolean
            minPriceClp: number | null
            modalities: ('in_person' | 'online' | 'gym')[]
            offers: {
              description: string
              id: string
              priceClp: number
              sessionsPerMonth: number
              title: string
            }[]
            photoUrl: string | null
            published: boolean
            rating: {
              average: number | null
              count: number
            }
            slug: string
            specialisations: string[]
            tags: string[]
            trainerId: string
            updatedAt: string
          }
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  updateMyTrainerProfile: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': {
          /** @default  */
          bio?: string
          /** @default 24 */
          cancellationHours?: number
          /** @default  */
          city?: string
          /** @default  */
          comuna?: string
          /** @default  */
          headline?: string
          /**
           * @default [
           *       "es"
           *     ]
           */
          languages?: ('es' | 'en' | 'pt' | 'fr' | 'de' | 'it')[]
          /** @default [] */
          modalities?: ('in_person' | 'online' | 'gym')[]
          slug?: string
          /** @default [] */
          specialisations?: (
            | 'fuerza'
            | 'hipertrofia'
            | 'perdida-de-peso'
            | 'funcional'
            | 'crossfit'
            | 'pilates'
            | 'yoga'
            | 'running'
            | 'ciclismo'
            | 'natacion'
            | 'boxeo'
            | 'hiit'
            | 'calistenia'
            | 'movilidad'
            | 'rehabilitacion'
            | 'adulto-mayor'
            | 'embarazo'
            | 'nutricion'
          )[]
          /** @default [] */
          tags?: string[]
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            bio: string
            blockedBy: ('subscription' | 'payouts') | null
            cancellationHours: number
            city: string
            comuna: string
            firstName: string
            gym: {
              id: string
              name: string
            } | null
            headline: string
            languages: string[]
            lastName: string
            listed: boolean
            minPriceClp: number | null
            modalities: ('in_person' | 'online' | 'gym')[]
            offers: {
              description: string
              id: string
              priceClp: number
              sessionsPerMonth: number
              title: string
            }[]
            photoUrl: string | null
            published: boolean
            rating: {
              average: number | null
              count: number
            }
            slug: string
            specialisations: string[]
            tags: string[]
            trainerId: string
            updatedAt: string
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  uploadMyTrainerPhoto: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            bio: string
            blockedBy: ('subscription' | 'payouts') | null
            cancellationHours: number
            city: string
            comuna: string
            firstName: string
            gym: {
              id: string
              name: string
            } | null
            headline: string
            languages: string[]
            lastName: string
            listed: boolean
            minPriceClp: number | null
            modalities: ('in_person' | 'online' | 'gym')[]
            offers: {
              description: string
              id: string
              priceClp: number
              sessionsPerMonth: number
              title: string
            }[]
            photoUrl: string | null
            published: boolean
            rating: {
              average: number | null
              count: number
            }
            slug: string
            specialisations: string[]
            tags: string[]
            trainerId: string
            updatedAt: string
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  deleteMyTrainerPhoto: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            bio: string
            blockedBy: ('subscription' | 'payouts') | null
            cancellationHours: number
            city: string
            comuna: string
            firstName: string
            gym: {
              id: string
              name: string
            } | null
            headline: string
            languages: string[]
            lastName: string
            listed: boolean
            minPriceClp: number | null
            modalities: ('in_person' | 'online' | 'gym')[]
            offers: {
              description: string
              id: string
              priceClp: number
              sessionsPerMonth: number
              title: string
            }[]
            photoUrl: string | null
            published: boolean
            rating: {
              average: number | null
              count: number
            }
            slug: string
            specialisations: string[]
            tags: string[]
            trainerId: string
            updatedAt: string
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  publishMyTrainerProfile: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': {
          published: boolean
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            bio: string
            blockedBy: ('subscription' | 'payouts') | null
            cancellationHours: number
            city: string
            comuna: string
            firstName: string
            gym: {
              id: string
              name: string
            } | null
            headline: string
            languages: string[]
            lastName: string
            listed: boolean
            minPriceClp: number | null
            modalities: ('in_person' | 'online' | 'gym')[]
            offers: {
              description: string
              id: string
              priceClp: number
              sessionsPerMonth: number
              title: string
            }[]
            photoUrl: string | null
            published: boolean
            rating: {
              average: number | null
              count: number
            }
            slug: string
            specialisations: string[]
            tags: string[]
            trainerId: string
            updatedAt: string
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  listMyTrainerReviews: {
    parameters: {
      query?: {
        cursor?: string
        limit?: number
      }
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            average: number | null
            count: number
            data: {
              author: string
              body: string
              createdAt: string
              id: string
              rating: number
              repliedAt: string | null
              reply: string | null
              trainerId: string
              updatedAt: string
            }[]
            nextCursor: string | null
          }
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  replyToReview: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path: {
        id: string
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': {
          reply: string
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            author: string
            body: string
            createdAt: string
            id: string
            rating: number
            repliedAt: string | null
            reply: string | null
            trainerId: string
            updatedAt: string
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  listMySessionTypes: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            data: {
              active: boolean
              capacity: number
              durationMinutes: number
              id: string
              name: string
            }[]
            nextCursor: string | null
          }
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  createSessionType: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': {
          /** @default true */
          active?: boolean
          /** @default 1 */
          capacity?: number
          durationMinutes: number
          name: string
        }
      }
    }
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            active: boolean
            capacity: number
            durationMinutes: number
            id: string
            name: string
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  updateSessionType: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path: {
        id: string
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': {
          /** @default true */
          active?: boolean
          /** @default 1 */
          capacity?: number
          durationMinutes: number
          name: string
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            active: boolean
            capacity: number
            durationMinutes: number
            id: string
            name: string
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  getMyWeeklyHours: {
    parameters: {
      query?: never
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            ranges: {
              endMinute: number
              startMinute: number
              weekday: number
            }[]
            /**
             * @default America/Santiago
             * @enum {string}
             */
            timeZone: 'America/Santiago'
          }
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  setMyWeeklyHours: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': {
          ranges: {
            endMinute: number
            startMinute: number
            weekday: number
          }[]
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            ranges: {
              endMinute: number
              startMinute: number
              weekday: number
            }[]
            /**
             * @default America/Santiago
             * @enum {string}
             */
            timeZone: 'America/Santiago'
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  searchTrainers: {
    parameters: {
      query?: {
        city?: string
        cursor?: string
        limit?: number
        modality?: 'in_person' | 'online' | 'gym'
        priceMax?: number
        q?: string
        sort?: 'relevance' | 'rating' | 'price' | 'newest'
        specialisation?:
          | 'fuerza'
          | 'hipertrofia'
          | 'perdida-de-peso'
          | 'funcional'
          | 'crossfit'
          | 'pilates'
          | 'yoga'
          | 'running'
          | 'ciclismo'
          | 'natacion'
          | 'boxeo'
          | 'hiit'
          | 'calistenia'
          | 'movilidad'
          | 'rehabilitacion'
          | 'adulto-mayor'
          | 'embarazo'
          | 'nutricion'
      }
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            data: {
              city: string
              comuna: string
              firstName: string
              headline: string
              lastName: string
              minPriceClp: number | null
              modalities: ('in_person' | 'online' | 'gym')[]
              photoUrl: string | null
              rating: {
                average: number | null
                count: number
              }
              slug: string
              specialisations: string[]
              trainerId: string
            }[]
            nextCursor: string | null
          }
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  createTrainer: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        /**
         * @example {
         *       "firstName": "Diego",
         *       "lastName": "Soto",
         *       "email": "diego.soto@example.com",
         *       "phone": "+56 9 8765 4321",
         *       "specialization": "Weight Training",
         *       "experience": 5
         *     }
         */
        'application/json': {
          email: string
          experience: number
          firstName: string
          /** Format: uuid */
          gymId?: string
          isActive?: boolean
          lastName: string
          phone: string
          specialization: string
        }
      }
    }
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "id": "5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a",
           *       "userId": null,
           *       "firstName": "Diego",
           *       "lastName": "Soto",
           *       "email": "diego.soto@example.com",
           *       "phone": "+56 9 8765 4321",
           *       "specialization": "Weight Training",
           *       "experience": 5,
           *       "gymId": "3c2e7a10-1f4b-4d8e-a9c2-6b5d4e3f2a10",
           *       "gym": {
           *         "id": "3c2e7a10-1f4b-4d8e-a9c2-6b5d4e3f2a10",
           *         "name": "Gimnasio Central"
           *       },
           *       "isActive": true,
           *       "pendingEmail": null,
           *       "createdAt": "2026-03-01T12:00:00.000Z",
           *       "updatedAt": "2026-03-01T12:00:00.000Z"
           *     }
           */
          'application/json': {
            createdAt: string
            email: string
            experience: number
            firstName: string
            gym: {
              id: string
              name: string
            } | null
            gymId: string | null
            id: string
            isActive: boolean
            lastName: string
            pendingEmail?: string | null
            phone: string
            specialization: string
            updatedAt: string
            userId: string | null
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  updateTrainer: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path: {
        id: string
      }
      cookie?: never
    }
    requestBody: {
      content: {
        /**
         * @example {
         *       "firstName": "Diego",
         *       "lastName": "Soto",
         *       "email": "diego.soto@example.com",
         *       "phone": "+56 9 8765 4321",
         *       "specialization": "Weight Training",
         *       "experience": 5
         *     }
         */
        'application/json': {
          email: string
          experience: number
          firstName: string
          /** Format: uuid */
          gymId?: string
          isActive?: boolean
          lastName: string
          phone: string
          specialization: string
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "id": "5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a",
           *       "userId": null,
           *       "firstName": "Diego",
           *       "lastName": "Soto",
           *       "email": "diego.soto@example.com",
           *       "phone": "+56 9 8765 4321",
           *       "specialization": "Weight Training",
           *       "experience": 5,
           *       "gymId": "3c2e7a10-1f4b-4d8e-a9c2-6b5d4e3f2a10",
           *       "gym": {
           *         "id": "3c2e7a10-1f4b-4d8e-a9c2-6b5d4e3f2a10",
           *         "name": "Gimnasio Central"
           *       },
           *       "isActive": true,
           *       "pendingEmail": null,
           *       "createdAt": "2026-03-01T12:00:00.000Z",
           *       "updatedAt": "2026-03-01T12:00:00.000Z"
           *     }
           */
          'application/json': {
            createdAt: string
            email: string
            experience: number
            firstName: string
            gym: {
              id: string
              name: string
            } | null
            gymId: string | null
            id: string
            isActive: boolean
            lastName: string
            pendingEmail?: string | null
            phone: string
            specialization: string
            updatedAt: string
            userId: string | null
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  deleteTrainer: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path: {
        id: string
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  getTrainerCalendar: {
    parameters: {
      query: {
        cursor?: string
        limit?: number
        week: string
      }
      header?: never
      path: {
        trainerId: string
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            data: {
              cancellableUntil: string
              cancelledBy: ('client' | 'trainer') | null
              client: {
                firstName: string
                id: string
                lastName: string
              }
              createdAt: string
              endsAt: string
              id: string
              sessionType: {
                capacity: number
                id: string
                name: string
              }
              startsAt: string
              /** @enum {string} */
              state: 'pending' | 'confirmed' | 'cancelled' | 'attended' | 'no_show'
              trainer: {
                firstName: string
                id: string
                lastName: string
                slug: string | null
              }
            }[]
            nextCursor: string | null
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  listTrainerOffers: {
    parameters: {
      query?: never
      header?: never
      path: {
        trainerId: string
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            data: {
              description: string
              id: string
              priceClp: number
              sessionsPerMonth: number
              title: string
              trainerId: string
            }[]
            trainer: {
              firstName: string
              id: string
              lastName: string
            }
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  getTrainerPhoto: {
    parameters: {
      query?: {
        v?: number
      }
      header?: never
      path: {
        trainerId: string
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description The photo: a square WebP */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': unknown
          'image/webp': string
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  getTrainerProfile: {
    parameters: {
      query?: never
      header?: never
      path: {
        trainerId: string
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            bio: string
            cancellationHours: number
            city: string
            comuna: string
            firstName: string
            gym: {
              id: string
              name: string
            } | null
            headline: string
            languages: string[]
            lastName: string
            minPriceClp: number | null
            modalities: ('in_person' | 'online' | 'gym')[]
            offers: {
              description: string
              id: string
              priceClp: number
              sessionsPerMonth: number
              title: string
            }[]
            photoUrl: string | null
            rating: {
              average: number | null
              count: number
            }
            slug: string
            specialisations: string[]
            tags: string[]
            trainerId: string
            updatedAt: string
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  getMyReview: {
    parameters: {
      query?: never
      header?: never
      path: {
        trainerId: string
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            author: string
            body: string
            createdAt: string
            id: string
            rating: number
            repliedAt: string | null
            reply: string | null
            trainerId: string
            updatedAt: string
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  saveMyReview: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path: {
        trainerId: string
      }
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': {
          body: string
          rating: number
        }
      }
    }
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            author: string
            body: string
            createdAt: string
            id: string
            rating: number
            repliedAt: string | null
            reply: string | null
            trainerId: string
            updatedAt: string
          }
        }
      }
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            author: string
            body: string
            createdAt: string
            id: string
            rating: number
            repliedAt: string | null
            reply: string | null
            trainerId: string
            updatedAt: string
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  listTrainerReviews: {
    parameters: {
      query?: {
        cursor?: string
        limit?: number
      }
      header?: never
      path: {
        trainerId: string
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            average: number | null
            count: number
            data: {
              author: string
              body: string
              createdAt: string
              id: string
              rating: number
              repliedAt: string | null
              reply: string | null
              trainerId: string
              updatedAt: string
            }[]
            nextCursor: string | null
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  listTrainerSlots: {
    parameters: {
      query: {
        from: string
        sessionTypeId?: string
        to: string
      }
      header?: never
      path: {
        trainerId: string
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            data: {
              capacity: number
              endsAt: string
              remaining: number
              sessionTypeId: string
              startsAt: string
            }[]
            sessionTypes: {
              active: boolean
              capacity: number
              durationMinutes: number
              id: string
              name: string
            }[]
            /** @enum {string} */
            timeZone: 'America/Santiago'
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  getPayoutOnboardingStatus: {
    parameters: {
      query?: never
      header?: never
      path: {
        userId: string
      }
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            stripeOnboardingComplete: boolean
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  createTrainerWithUser: {
    parameters: {
      query?: never
      header?: {
        /** @description A unique value per intended operation (e.g. a UUID), sent again unchanged on a retry: the first answer is returned and nothing is stored twice (24 h). The same key with a different request answers 422, while the first is still running 409. */
        'idempotency-key'?: string
      }
      path?: never
      cookie?: never
    }
    requestBody: {
      content: {
        'application/json': {
          email: string
          experience: number
          firstName: string
          /** Format: uuid */
          gymId?: string
          isActive?: boolean
          lastName: string
          password?: string
          phone: string
          specialization: string
        }
      }
    }
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown
        }
        content: {
          'application/json': {
            createdAt: string
            email: string
            experience: number
            firstName: string
            generatedPassword?: string
            gym: {
              id: string
              name: string
            } | null
            gymId: string | null
            id: string
            isActive: boolean
            lastName: string
            pendingEmail?: string | null
            phone: string
            specialization: string
            updatedAt: string
            userId: string | null
          }
        }
      }
      /** @description Malformed request: the body is not valid JSON or does not match its Content-Length, or the URL does not decode. */
      400: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 400,
           *       "message": "Malformed JSON in request body"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Missing, invalid or expired token, or the session has ended: refresh the tokens or sign in again. */
      401: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 401,
           *       "message": "Invalid or expired token"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Signed in, but this account may not do this. */
      403: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 403,
           *       "message": "Your account cannot do this"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Conflicts with the current state (e.g. it already exists or is in use), or a request with the same Idempotency-Key is still running (`code` idempotencyKeyInProgress: retry after Retry-After). */
      409: {
        headers: {
          /** @description With idempotencyKeyInProgress: seconds to wait. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 409,
           *       "message": "Conflict"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description The request body is larger than the limit (1 MiB). */
      413: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 413,
           *       "message": "Request body is too large"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unsupported Content-Type: send application/json. */
      415: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 415,
           *       "message": "Unsupported media type"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description No room left to store data (`code` storageFull); reads still work. Retry after Retry-After. */
      507: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 507,
           *       "message": "The server has no room to store this right now; try again later.",
           *       "code": "storageFull"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
  lookupUserByEmail: {
    parameters: {
      query: {
        email: string
      }
      header?: never
      path?: never
      cookie?: never
    }
    requestBody?: never
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "id": "8d3c1f0e-5b2a-4c7d-9e61-2f4a8b0c1d3e",
           *       "isActive": true
           *     }
           */
          'application/json': {
            id: string
            isActive: boolean
          }
        }
      }
      /** @description No such resource, or not one of yours. */
      404: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 404,
           *       "message": "Not found"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Validation failed: `errors` holds one code per field (e.g. required, invalidEmail, tooLong, invalidCharacters); or the Idempotency-Key was used for a different request (`code` idempotencyKeyReused). */
      422: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 422,
           *       "message": "Unprocessable entity",
           *       "errors": {
           *         "email": "invalidEmail"
           *       }
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Too many requests: wait the seconds of the Retry-After header. */
      429: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 429,
           *       "message": "Too many requests. Try again in 60 seconds."
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Unexpected server error; the message carries the request id (also in the X-Request-Id header). */
      500: {
        headers: {
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 500,
           *       "message": "Internal server error (request id 7f1c2a4e-0b9d-4c55-9f57-0a1b2c3d4e5f)"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
      /** @description Cannot answer right now: the database is down or slow, the request ran out of time, or the password hashing queue is full (`code` databaseUnavailable, databaseTimeout, requestTimeout). Retry after Retry-After. */
      503: {
        headers: {
          /** @description Seconds to wait before trying again. */
          'Retry-After'?: number
          [name: string]: unknown
        }
        content: {
          /**
           * @example {
           *       "status": 503,
           *       "message": "The database is not answering; try again in a few seconds.",
           *       "code": "databaseUnavailable"
           *     }
           */
          'application/json': components['schemas']['ApiError']
        }
      }
    }
  }
}
