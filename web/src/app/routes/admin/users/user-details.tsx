import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { useSubscriptionPlans } from '../../../../features/plans/api/get-plans';
import { useUser } from '../../../../features/users/api/get-user';
import { useUpdateUser, type UserChanges } from '../../../../features/users/api/update-user';
import { planHint, planOptions } from '../../../../features/users/components/plan-options';
import { DEFAULT_PLAN_ID } from '@concierge/contracts/subscriptions/events';
import { UserEditForm } from '../../../../features/users/components/user-edit-form';
import { UserInformation } from '../../../../features/users/components/user-information';
import { AddDepositForm } from '../../../../features/deposits/components/add-deposit-form';
import { UserDepositHistory } from '../../../../features/deposits/components/user-deposit-history';
import { WalletInformation } from '../../../../features/wallets/components/wallet-information';
import { walletsKeys } from '../../../../features/wallets/api/query-keys';
import { CreateSnapshot } from '../../../../features/portfolio/components/create-snapshot';
import { ADMIN_PAGE_SIZE } from '../../../../components/pagination';

/**
 * /admin/users/:userId: one user, whose status, role and plan an admin can change, with their wallet,
 * a snapshot on demand and deposits; for an administrator or auditor, a note that those are for
 * members, with any wallet and deposits from before a role change.
 */
export default function UserDetailsPage() {
  const userId = useParams().userId ?? '';
  const { enqueueSnackbar } = useSnackbar();
  const user = useUser(userId);
  const plans = useSubscriptionPlans();
  const update = useUpdateUser(userId);
  const [depositPage, setDepositPage] = useState(1);

  const missing = user.error instanceof ApiError && user.error.status === 404;
  useEffect(() => {
    if (user.error && !missing) enqueueSnackbar(errorMessage(user.error, 'Failed to load user data.'), { variant: 'error' });
  }, [user.error, missing, enqueueSnackbar]);

  // A member without a plan of their own is on the default plan.
  const currentPlan = user.data?.subscriptionPlan ?? DEFAULT_PLAN_ID;
  const save = (changes: UserChanges) =>
    update.mutate(changes, {
      onSuccess: () => enqueueSnackbar('User details updated successfully.', { variant: 'success' }),
      onError: (error) => enqueueSnackbar(errorMessage(error, 'Failed to update user details.'), { variant: 'error' }),
    });

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Button component={RouterLink} to="/admin/users" startIcon={<ArrowBackIcon />}>
          Back
        </Button>
      </Box>
      {user.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading user" />
        </Box>
      ) : user.isError ? (
        <Alert severity={missing ? 'warning' : 'error'}>{missing ? 'No user found with this ID.' : 'Failed to load user data.'}</Alert>
      ) : (
        <>
          <Paper variant="outlined" component="section" aria-label="User Information" sx={{ p: { xs: 2, md: 3 } }}>
            <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
              User Information
            </Typography>
            <UserInformation user={user.data} planName={user.data.subscriptionPlanName ?? currentPlan} />
            <Divider sx={{ my: 3 }} />
            <UserEditForm
              // A fresh form after each save, so it starts from what the server now holds.
              key={`${user.data.id}:${user.data.status}:${user.data.role}:${user.data.subscriptionPlan ?? ''}`}
              user={user.data}
              currentPlan={currentPlan}
              planOptions={planOptions(plans.data, currentPlan)}
              planHint={planHint(plans.isPending, plans.error)}
              saving={update.isPending}
              onSave={save}
            />
          </Paper>
          {user.data.role === 'user' ? (
            <>
              <WalletInformation userId={userId} />
              <CreateSnapshot userId={userId} />
              <AddDepositForm
                userId={userId}
                firstPage={{ page: 1, limit: ADMIN_PAGE_SIZE, userId }}
                onAdded={() => setDepositPage(1)}
                alsoInvalidate={[walletsKeys.user(userId)]}
              />
            </>
          ) : (
            // Staff hold no portfolio (the server refuses deposits and snapshots for them); a wallet
            // and deposits from before a role change stay visible.
            <>
              <Alert severity="info">
                This account is {user.data.role === 'admin' ? 'an administrator' : 'an auditor'}: deposits and portfolio snapshots are recorded for members only.
              </Alert>
              {user.data.walletAddress ? <WalletInformation userId={userId} /> : null}
            </>
          )}
          <UserDepositHistory params={{ page: depositPage, limit: ADMIN_PAGE_SIZE, userId }} onPageChange={setDepositPage} />
        </>
      )}
    </Box>
  );
}
