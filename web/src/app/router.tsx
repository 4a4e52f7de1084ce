import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { PageSpinner } from '../components/page-spinner';
import { RequireAuth } from './guards';

// One chunk per route, so the landing and login pages download only what they show.
const LandingPage = lazy(() => import('./routes/landing'));
const LoginPage = lazy(() => import('./routes/auth/login'));
const RegisterPage = lazy(() => import('./routes/auth/register'));
const ForgotPasswordPage = lazy(() => import('./routes/auth/forgot-password'));
const ResetPasswordPage = lazy(() => import('./routes/auth/reset-password'));
const VerifyEmailPage = lazy(() => import('./routes/auth/verify-email'));
const PrivacyPolicyPage = lazy(() => import('./routes/legal/privacy-policy'));
const TermsPage = lazy(() => import('./routes/legal/terms-and-conditions'));

const MemberLayout = lazy(() => import('./routes/member/layout'));
const MemberDashboardPage = lazy(() => import('./routes/member/dashboard'));
const PortfolioPage = lazy(() => import('./routes/member/portfolio'));
const SettingsPage = lazy(() => import('./routes/member/settings'));
const TransactionHistoryPage = lazy(() => import('./routes/member/transaction-history'));

const AdminLayout = lazy(() => import('./routes/admin/layout'));
const AdminDashboardPage = lazy(() => import('./routes/admin/dashboard'));
const UserManagementPage = lazy(() => import('./routes/admin/users/user-management'));
const UserDetailsPage = lazy(() => import('./routes/admin/users/user-details'));
const WithdrawalManagementPage = lazy(() => import('./routes/admin/withdrawals'));
const DepositHistoryPage = lazy(() => import('./routes/admin/deposit-history'));
const SubscriptionManagerPage = lazy(() => import('./routes/admin/subscriptions'));
const StrategyManagerPage = lazy(() => import('./routes/admin/strategies'));

const AuditLayout = lazy(() => import('./routes/audit/layout'));
const StreamBrowserPage = lazy(() => import('./routes/audit/streams'));
const StreamViewPage = lazy(() => import('./routes/audit/stream'));
const EventSearchPage = lazy(() => import('./routes/audit/events'));
const TimeTravelPage = lazy(() => import('./routes/audit/time-travel'));
const VerificationPage = lazy(() => import('./routes/audit/verification'));

/** Each lazy page loads behind its own boundary, so a layout stays on screen while its child loads. */
function page(element: ReactNode) {
  return <Suspense fallback={<PageSpinner />}>{element}</Suspense>;
}

const toLanding = <Navigate to="/" replace />;

// Auditors have no member area: their home is /audit, and a member page would only meet 403s.
const MEMBER_AREA_ROLES = ['user', 'admin'] as const;

/** The product's route table. */
export function AppRoutes() {
  return (
    <Routes>
      <Route index element={page(<LandingPage />)} />
      <Route path="login" element={page(<LoginPage />)} />
      <Route path="register" element={page(<RegisterPage />)} />
      <Route path="forgot-password" element={page(<ForgotPasswordPage />)} />
      <Route path="reset-password" element={page(<ResetPasswordPage />)} />
      <Route path="verify-email" element={page(<VerifyEmailPage />)} />
      <Route path="privacy-policy" element={page(<PrivacyPolicyPage />)} />
      <Route path="terms-and-conditions" element={page(<TermsPage />)} />

      <Route path="user" element={<RequireAuth roles={MEMBER_AREA_ROLES}>{page(<MemberLayout />)}</RequireAuth>}>
        <Route index element={<Navigate to="dashboard" replace />} />
        <Route path="dashboard" element={page(<MemberDashboardPage />)} />
        <Route path="portfolio" element={page(<PortfolioPage />)} />
        <Route path="history" element={page(<TransactionHistoryPage />)} />
        <Route path="settings" element={page(<SettingsPage />)} />
        <Route path="*" element={toLanding} />
      </Route>

      <Route path="admin" element={<RequireAuth roles={['admin']}>{page(<AdminLayout />)}</RequireAuth>}>
        <Route index element={<Navigate to="dashboard" replace />} />
        <Route path="dashboard" element={page(<AdminDashboardPage />)} />
        <Route path="users" element={page(<UserManagementPage />)} />
        <Route path="users/:userId" element={page(<UserDetailsPage />)} />
        <Route path="withdrawals" element={page(<WithdrawalManagementPage />)} />
        <Route path="deposit-history" element={page(<DepositHistoryPage />)} />
        <Route path="subscriptions" element={page(<SubscriptionManagerPage />)} />
        <Route path="strategies" element={page(<StrategyManagerPage />)} />
        <Route path="*" element={toLanding} />
      </Route>

      <Route path="audit" element={<RequireAuth roles={['auditor', 'admin']}>{page(<AuditLayout />)}</RequireAuth>}>
        <Route index element={<Navigate to="streams" replace />} />
        <Route path="streams" element={page(<StreamBrowserPage />)} />
        <Route path="streams/:streamId" element={page(<StreamViewPage />)} />
        <Route path="events" element={page(<EventSearchPage />)} />
        <Route path="time-travel" element={page(<TimeTravelPage />)} />
        <Route path="verification" element={page(<VerificationPage />)} />
        <Route path="*" element={toLanding} />
      </Route>

      <Route path="*" element={toLanding} />
    </Routes>
  );
}
