import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { PageSpinner } from '../components/page-spinner';
import { RequireAuth } from './guards';

// One chunk per route, so the landing and login pages download only what they show.
const LandingPage = lazy(() => import('../features/landing/landing-page'));
const LoginPage = lazy(() => import('../features/auth/login/login-page'));
const RegisterPage = lazy(() => import('../features/auth/register/register-page'));
const ForgotPasswordPage = lazy(() => import('../features/auth/forgot-password/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/reset-password/reset-password-page'));
const VerifyEmailPage = lazy(() => import('../features/auth/verify-email/verify-email-page'));
const PrivacyPolicyPage = lazy(() => import('../features/legal/privacy-policy-page'));
const TermsPage = lazy(() => import('../features/legal/terms-and-conditions-page'));
const ComingSoonPage = lazy(() => import('../components/coming-soon-page'));

const MemberLayout = lazy(() => import('../features/member-shell/member-layout'));
const MemberDashboardPage = lazy(() => import('../features/member-dashboard/member-dashboard-page'));
const SettingsPage = lazy(() => import('../features/settings/settings-page'));
const TransactionHistoryPage = lazy(() => import('../features/transaction-history/transaction-history-page'));

const AdminLayout = lazy(() => import('../features/admin-shell/admin-layout'));
const AdminDashboardPage = lazy(() => import('../features/admin-dashboard/admin-dashboard-page'));
const UserManagementPage = lazy(() => import('../features/admin-users/user-management-page'));
const UserDetailsPage = lazy(() => import('../features/admin-users/user-details-page'));
const WithdrawalManagementPage = lazy(() => import('../features/admin-withdrawals/withdrawal-management-page'));
const DepositHistoryPage = lazy(() => import('../features/admin-deposits/deposit-history-page'));

/** Each lazy page loads behind its own boundary, so a layout stays on screen while its child loads. */
function page(element: ReactNode) {
  return <Suspense fallback={<PageSpinner />}>{element}</Suspense>;
}

const toLanding = <Navigate to="/" replace />;

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

      <Route path="user" element={<RequireAuth>{page(<MemberLayout />)}</RequireAuth>}>
        <Route index element={<Navigate to="dashboard" replace />} />
        <Route path="dashboard" element={page(<MemberDashboardPage />)} />
        <Route path="portfolio" element={page(<ComingSoonPage title="Portfolio" />)} />
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
        <Route path="subscriptions" element={page(<ComingSoonPage title="Subscription Manager" />)} />
        <Route path="strategies" element={page(<ComingSoonPage title="Strategy Manager" />)} />
        <Route path="*" element={toLanding} />
      </Route>

      <Route path="*" element={toLanding} />
    </Routes>
  );
}
